import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder, worked out here alone (JavaScript, so that run-build.js, run by plain Node, has it too). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
