/**
 * What the editor's tests on the real content's shape share
 * (test/browser-editor-places.test.ts, test/browser-editor-model.test.ts,
 * test/browser-editor-slow-draw.test.ts):
 * the copy of the real content they act on, and how they read the preview
 * pane beside the form.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';

/** The copy of the real content's shape the tests act on (test/fixtures/real-shape/README.md). */
const realShapeDir = path.resolve('test/fixtures/real-shape');

/** The dev server's content replaced by the real content's shape (its README left out, as the fixture's is). */
export async function realShape(contentDir: string) {
  await rm(contentDir, { recursive: true, force: true });
  await cp(realShapeDir, contentDir, { recursive: true });
  await rm(path.join(contentDir, 'README.md'));
}

/** What a preview must never show: a name of the CMS's own, or a schema's message. */
export const internalWords = /__sc_|Invalid (key|type)|Expected |received |undefined/;

/** The pane beside the form. */
export const pane = (page: Page): FrameLocator => page.frameLocator('iframe[title="Content Preview"]');

/** The pane's frame, as it is now (the CMS makes a new one for each entry it opens). */
export async function paneFrame(page: Page): Promise<Frame> {
  await pane(page).locator('.eccron-preview[data-drawn]').waitFor();
  const handle = await page.locator('iframe[title="Content Preview"]').elementHandle();
  return (await handle!.contentFrame())!;
}

/** The pane's text once it has drawn the form's latest change (its box counts its drawings). */
export async function paneText(page: Page): Promise<string> {
  const box = pane(page).locator('.eccron-preview[data-drawn]');
  await box.waitFor();
  return box.innerText();
}

/** members.yml as the tests read it. */
export interface Directory {
  countries: string[];
  members: ({ name: string; country: string } & Record<string, string>)[];
}
