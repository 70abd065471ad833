/**
 * The project's folder, the one place it is worked out: from where this file
 * lies (scripts/lib/), so every command finds content/, public/, dist/ and
 * node_modules/ whatever folder it was started from. JavaScript, so that
 * plain Node can import it (scripts/run-build.js); inside the build's bundle
 * it keeps its own address (scripts/bundled-build.js).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
