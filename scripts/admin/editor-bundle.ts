/**
 * The site's own script on /admin/ (admin/editor-<hash>.js): editor-companion.ts
 * and what it imports, the build's own content check among them, bundled by
 * esbuild for the browser and named by its content hash like every other
 * script, so that a deploy never pairs a cached old script with a new
 * configuration. What those modules ask of Node is answered in the browser by
 * editor/node-stand-ins.ts.
 *
 * Kept under node_modules/.cache/ with the bytes of every file esbuild read, as
 * the client bundle is: while none changed, a build reuses it and starts no
 * esbuild.
 */
import { editorScriptOptions } from '../lib/browser-bundles.js';
import { projectRoot } from '../lib/project-root.js';
import { type KeptScript, keptScript, keptScriptSoon } from './kept-script.ts';

/** How esbuild is asked for it: lib/browser-bundles.js. */
const options = editorScriptOptions(projectRoot);

let made: KeptScript | undefined;

/** The editor's script, bundled once per change of what it is made of (and looked up once per process). */
export function editorScript(): KeptScript {
  made ??= keptScript('editor', options, "editor's script");
  return made;
}

/** editorScript, bundled in esbuild's process while the build goes on. */
export async function editorScriptSoon(): Promise<KeptScript> {
  made ??= await keptScriptSoon('editor', options, "editor's script");
  return made;
}
