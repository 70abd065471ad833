/**
 * What the site's script knows of the page at /admin/ and of the CMS on it:
 * the CMS's root, its mode (local or github), the files /admin/ serves for the
 * script, the CMS's configuration, and the parts of its page API the script
 * uses (window.CMS, and React's createElement and createClass, which the CMS
 * puts on the window for field types of a site's own).
 */
import type { Collection } from '../editor-places.ts';
import type { CmsField } from '../schema-fields.ts';

export const root = () => document.getElementById('nc-root') as HTMLElement;
export const mode = () => document.documentElement.dataset.cmsMode;
/** Under npm run dev: the dev server's event stream, which tells of each build. */
export const devEvents = () => document.querySelector<HTMLMetaElement>('meta[name="eccron-dev-events"]')?.content;

/** An Immutable.js map, as the CMS hands an entry to its event hooks. */
export interface ImmutableMap {
  get(key: string): unknown;
  getIn(keys: (string | number)[]): unknown;
  toJS(): Record<string, unknown>;
  set(key: string, value: unknown): ImmutableMap;
  setIn(keys: (string | number)[], value: unknown): ImmutableMap;
}

interface CmsApi {
  registerEventListener(listener: {
    name: 'preSave' | 'postSave';
    handler: (args: { entry: ImmutableMap }) => unknown;
  }): void;
  registerFieldType(name: string, control: unknown): void;
}

export const cmsApi = () => (window as unknown as { CMS?: CmsApi }).CMS;

type Create = (type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;

/** React's createElement and createClass, which the CMS puts on the window for a site's own field types. */
export function lentReact(): { create: Create; createClass: (spec: object) => unknown } | undefined {
  const lent = window as unknown as { h?: Create; createClass?: (spec: object) => unknown };
  return lent.h && lent.createClass ? { create: lent.h, createClass: lent.createClass } : undefined;
}

export interface CmsConfiguration {
  backend?: { name: string; repo?: string; branch?: string };
  collections: (Collection & { files?: { name: string; label: string; file: string; fields: CmsField[] }[] })[];
}

let configuration: Promise<CmsConfiguration> | undefined;

/** The CMS's configuration, as it read it (admin/config.json). */
export function cmsConfiguration(): Promise<CmsConfiguration> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="cms-config-url"]');
  configuration ??= fetch(link?.href ?? 'config.json').then((answer) => answer.json() as Promise<CmsConfiguration>);
  return configuration;
}

/** The editor's toolbar: its first button is the back arrow, its primary button Save (enabled while there are changes). */
export const editorToolbar = () => root().querySelector<HTMLElement>('.content-editor [role="toolbar"]');
export const saveButton = () => editorToolbar()?.querySelector<HTMLButtonElement>('button.primary') ?? null;

/** The form of the entry being edited: its fields are sections named by their key path (data-key-path). */
export const entryForm = () => root().querySelector<HTMLElement>('[data-entry-draft-root]');
