/**
 * The collections and files of the CMS's configuration (cms-config.ts) that
 * the preview pane draws as the site shows them (pages.tsx), by name: their
 * forms open with the pane beside them. The rest (site settings, themes) are
 * seen on every page, and their forms keep the whole width.
 */
export const PREVIEWED = [
  'publications',
  'members',
  'news',
  'events',
  'all-day-events',
  'statement',
  'privacy',
  'terms',
] as const;

interface Named {
  name: string;
  files?: Named[];
}

/** The configuration's collections, each previewed one (or file of one) with its preview pane shown. */
export function withPreviewPanes<C extends Named>(collections: C[]): C[] {
  const shown = <T extends Named>(item: T): T =>
    (PREVIEWED as readonly string[]).includes(item.name) ? { ...item, editor: { preview: true } } : item;
  return collections.map((collection) => ({
    ...shown(collection),
    ...(collection.files ? { files: collection.files.map(shown) } : {}),
  }));
}

/**
 * The event the preview's script sends on the page at each change of the entry being edited, with the form's data
 * (`detail`): the whole entry, also the list items the CMS has not drawn yet, which the editor's script reads to
 * give places in the whole list (editor/list-position.ts).
 */
export const ENTRY_SHOWN = 'eccron-entry-shown';
