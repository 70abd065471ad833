/** One thing wrong with the input, located precisely enough to fix without searching. */
export interface Problem {
  /** Where: a content file with line and column, entry and field; a route; or an output page. */
  where: string;
  message: string;
  /** The offending line of the file with a caret under the spot. */
  excerpt?: string;
}

/** A build failure carrying every problem found, not only the first. */
export class BuildError extends Error {
  constructor(
    readonly stage: string,
    readonly problems: Problem[],
  ) {
    super(`${stage}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'BuildError';
  }
}

export const formatProblem = (problem: Problem) =>
  `  ${problem.where}: ${problem.message}${problem.excerpt ? `\n${problem.excerpt.replace(/^/gm, '      ')}` : ''}`;
