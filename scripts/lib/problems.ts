export { displayPath } from './display-path.ts';

/** One thing wrong with the input, located precisely enough to fix without searching. */
export interface Problem {
  /** Where: a content file with line and column, entry and field; a route; or an output page. */
  where: string;
  message: string;
  /** The offending line of the file with a caret under the spot. */
  excerpt?: string;
  /**
   * The field it is at, for the editor at /admin/, which names it by its label and its entry's title: the file as
   * `where` names it, and the keys from the file's top to the field (["first-example", 2, "doi"]).
   */
  field?: { file: string; keys: (string | number)[] };
  /** The message as the editor's form says it, where the build's own names a file, a line, a key or a command. */
  plain?: string;
}

/** A build failure carrying every problem found, not only the first. */
export class BuildError extends Error {
  constructor(
    readonly stage: string,
    readonly problems: Problem[],
    /** False only when a failure in the swap itself has left the output folder changed; the problems then say where things are. */
    readonly previousOutputKept = true,
  ) {
    super(
      `${stage}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map(formatProblem).join('\n')}`,
    );
    this.name = 'BuildError';
  }
}

export const formatProblem = (problem: Problem) =>
  `  ${problem.where}: ${problem.message}${problem.excerpt ? `\n${problem.excerpt.replace(/^/gm, '      ')}` : ''}`;

/**
 * What the build command prints when it fails: every problem, then a note that
 * the previous output is as it was, given only when that is true (only the
 * swap itself can leave it changed, and its problem then says where things are).
 */
export function describeFailure(error: unknown): { problems: string[]; note?: string } {
  const problems =
    error instanceof BuildError
      ? [
          `Build failed while ${error.stage.toLowerCase()}: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}`,
          ...error.problems.map(formatProblem),
        ]
      : [`Build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
  const kept = !(error instanceof BuildError) || error.previousOutputKept;
  return kept ? { problems, note: 'The previous output, if any, was left as it was.' } : { problems };
}
