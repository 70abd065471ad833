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
// esbuild (the only Go program a build starts) without Go's garbage collector until its heap nears 1 GiB, unless the
// environment says otherwise: its process lives for this one build, in which the collector took a sixth of its time
// (some 150 ms of CPU of the four bundles of a build with nothing kept). The same bytes come out.
process.env.GOGC ??= 'off';
process.env.GOMEMLIMIT ??= '1GiB';
// Node 22.1 and later keep the compiled code of the modules on disk, so every
// build after the first skips compiling React, the YAML parser and the rest.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();
await runBuild(projectRoot);
