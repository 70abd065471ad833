/**
 * The CMS's local mode in a test: it works on a folder the browser opens
 * (File System Access API), and a test cannot click through the operating
 * system's folder picker. The page is handed a folder of the browser's own
 * private file system instead (the same kind of handle), holding the files
 * given: what a person picking their checkout's folder gives the CMS.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Every file of a folder, by path relative to it (forward slashes) under `prefix`, as text. */
export async function filesOf(folder: string, prefix = ''): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, await filesOf(full, `${name}/`));
    else files[name] = await readFile(full, 'utf8');
  }
  return files;
}

/** The folder picker answers with the private folder "repository". Source text: tsx would wrap a function. */
const pickerScript = `(() => {
  window.showDirectoryPicker = async () =>
    (await navigator.storage.getDirectory()).getDirectoryHandle('repository', { create: true });
})();`;

/** Makes the folder picker of every page of the context answer with the private folder. */
export const answerFolderPicker = (context: BrowserContext) => context.addInitScript(pickerScript);

/**
 * Puts files into the page's private folder "repository" (with an empty .git, as a checkout has). They are the
 * folder as the person picks it, not files the CMS writes: while `window.__seeding` is set, a script that hands on
 * what the CMS writes (test/helpers/editor-session.ts) lets them be.
 */
export const seedFolder = (page: Page, files: Record<string, string>) =>
  page.evaluate(async (files) => {
    const seeding = window as unknown as { __seeding?: boolean };
    seeding.__seeding = true;
    try {
      const storage = await navigator.storage.getDirectory();
      await storage.removeEntry('repository', { recursive: true }).catch(() => {});
      const root = await storage.getDirectoryHandle('repository', { create: true });
      await root.getDirectoryHandle('.git', { create: true });
      for (const [file, text] of Object.entries(files)) {
        const parts = file.split('/');
        let folder = root;
        for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    } finally {
      delete seeding.__seeding;
    }
  }, files);
