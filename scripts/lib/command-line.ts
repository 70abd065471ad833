/**
 * The command line of an npm run command, read with node:util's parser. A
 * mistake in it is one line naming the option, then the command's usage, and
 * the exit code the command gives to input it cannot use: never a stack trace,
 * and never a code that means something else (verify's 1 is "not this build").
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

interface Mistakes {
  /** The command's usage, printed after the line that names the mistake. */
  usage: string;
  /** The command's exit code for input it cannot use. */
  exitCode: number;
}

export function readCommandLine<T extends ParseArgsConfig>(
  config: T,
  { usage, exitCode }: Mistakes,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const mistake = commandLineMistake(error);
    if (mistake === undefined) throw error;
    console.error(`${mistake}\n${usage}`);
    process.exit(exitCode);
  }
}

/** node:util's parse error in the words of this project's commands; undefined for any other error. */
export function commandLineMistake(error: unknown): string | undefined {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (!code?.startsWith('ERR_PARSE_ARGS_')) return undefined;
  const quoted = /'([^' ]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument "${quoted}"`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return message.includes('does not take') ? `${quoted} takes no value` : `${quoted} needs a value`;
  return `unknown option ${quoted}`;
}
