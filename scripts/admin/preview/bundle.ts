/**
 * The preview pane's script (admin/preview-<hash>.js): browser.tsx, the
 * site's own page components it renders and, on the live site, the deploy's
 * verdict (scripts/admin/deploy/), bundled by esbuild for the browser, with
 * react resolved to preact/compat as the client bundle does.
 *
 * Kept under node_modules/.cache/ with the bytes of every file esbuild read,
 * as the client bundle is: while none changed, a build reuses it and starts no
 * esbuild.
 */
import { previewScriptOptions } from '../../lib/browser-bundles.js';
import { projectRoot } from '../../lib/project-root.js';
import { type KeptScript, keptScript, keptScriptSoon } from '../kept-script.ts';

/** How esbuild is asked for it: lib/browser-bundles.js. */
const options = previewScriptOptions(projectRoot);

/** The preview pane's script, bundled once per change of what it is made of. */
export function previewBundle(): KeptScript {
  return keptScript('preview', options, 'preview script');
}

/** previewBundle, bundled in esbuild's process while the build goes on. */
export const previewBundleSoon = (): Promise<KeptScript> => keptScriptSoon('preview', options, 'preview script');
