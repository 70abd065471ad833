/**
 * `npm run build`: the build command (scripts/build.ts, which lists its
 * options), started by plain Node from its bundle when that is up to date
 * (scripts/bundled-build.js).
 */
import module from 'node:module';
import { runBuild } from './bundled-build.js';
import { projectRoot } from './lib/project-root.js';

// React picks its production build (the same HTML, rendered much faster) from
// NODE_ENV when it is first imported, so the command is imported after this.
process.env.NODE_ENV ??= 'production';
// Node 22.1 and later keep the compiled code of the modules on disk, so every
// build after the first skips compiling React, the YAML parser and the rest.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();
await runBuild(projectRoot);
