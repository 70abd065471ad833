import path from 'node:path';

/**
 * A path as the person who ran the command would type it, with forward slashes
 * on every system: relative to where the command runs when it is inside ('.'
 * for that folder itself), whole otherwise. On a module of its own, the one
 * place the problems read the working folder: the editor's script in the
 * browser, which runs the same content check on files named as the
 * repository names them, is given its own (admin-stage.ts).
 */
export function displayPath(target: string): string {
  const relative = path.relative(process.cwd(), target);
  if (relative === '') return '.';
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  return (inside ? relative : target).split(path.sep).join('/');
}
