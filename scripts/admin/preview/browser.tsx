/**
 * The preview pane of /admin/ (admin/preview-<hash>.js, loaded right after
 * the CMS's script): the entry being edited, drawn with the site's own
 * components and stylesheet. It uses what the CMS offers for it
 * (CMS.registerPreviewTemplate, CMS.registerPreviewStyle): the CMS draws the
 * pane beside the form as a frame of this origin holding the site's
 * stylesheet, and hands each template the entry as the form holds it, again
 * at each change; the page is drawn into it by preact, as the site's islands
 * are, once per change (the changes of one input event drawn together).
 */
import { render } from 'preact';
import { createUrls } from '../../../src/urls.ts';
import { followTheLiveSite } from '../deploy/deploy-status.ts';
import { type PreviewEntry, previews, type SiteFacts } from './pages.tsx';
import { ENTRY_SHOWN, PREVIEWED } from './previewed.ts';

/** An Immutable.js map, as the CMS hands entries to templates. */
interface ImmutableMap {
  get(key: string): unknown;
  toJS(): unknown;
}

/** What the CMS gives a preview template (Decap CMS's interface, which Sveltia CMS keeps). */
interface TemplateProps {
  entry: ImmutableMap;
  getCollection(collection: string, slug?: string): Promise<ImmutableMap | ImmutableMap[] | undefined>;
}

interface CmsWindow {
  CMS: Parameters<typeof followTheLiveSite>[0] & {
    registerPreviewTemplate(name: string, component: unknown): void;
    registerPreviewStyle(url: string): void;
  };
  createClass(spec: Record<string, unknown>): unknown;
  h(type: string, props: Record<string, unknown>): unknown;
}

const cms = window as unknown as Window & CmsWindow;

/** The CMS's access to its copy of the entries, which it hands every template (the same function each time). */
let getCollection: TemplateProps['getCollection'] | undefined;

/** The data of an entry as the CMS last saved it, or undefined while it has none (or no template was drawn yet). */
async function saved(collection: string, slug: string): Promise<Record<string, unknown> | undefined> {
  try {
    const entry = (await getCollection?.(collection, slug)) as ImmutableMap | undefined;
    return (entry?.get('data') as ImmutableMap | undefined)?.toJS() as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
}

/** Where the site is: /admin/ is at the root of its base path. */
const basePath = () => new URL('..', document.baseURI).pathname.replace(/\/$/, '');

async function siteFacts(props: TemplateProps): Promise<SiteFacts> {
  getCollection = props.getCollection;
  const [site, themes] = await Promise.all([saved('settings', 'site'), saved('settings', 'themes')]);
  const themeList = Array.isArray(themes) ? themes : (themes?.themes ?? []);
  const siteUrl = typeof site?.siteUrl === 'string' ? site.siteUrl : location.origin;
  return {
    site: site as SiteFacts['site'],
    themes: themeList as SiteFacts['themes'],
    urls: createUrls(basePath(), siteUrl),
    today: new Date().toISOString().slice(0, 10),
  };
}

/**
 * The pane's document is the CMS's, written with neither a title nor a language a reader knows: it is given the
 * site's language and, as its title, the heading of what it shows.
 */
function named(box: HTMLElement) {
  const document = box.ownerDocument;
  document.documentElement.lang = 'en';
  document.title = box.querySelector('h1')?.textContent ?? 'Preview';
}

/** The key path of the form's field in focus ("members.16.name"), which the pane follows. */
let focused: string | undefined;
const followers = new Set<() => void>();
/** The key path of what is in focus: a field's, or a list item's own (its header: Move, the place choice). */
function keyPathOf(target: Element | null): string | undefined {
  const section = target?.closest?.('section[data-key-path]');
  const wrapper = target?.closest?.('.item-wrapper');
  const keyPath = section?.getAttribute('data-key-path') ?? undefined;
  if (!wrapper || !section?.contains(wrapper) || !wrapper.parentElement) return keyPath;
  return `${keyPath}.${[...wrapper.parentElement.children].indexOf(wrapper)}`;
}
document.addEventListener('focusin', (event) => {
  const keyPath = keyPathOf(event.target as Element | null);
  if (!keyPath || keyPath === focused) return;
  focused = keyPath;
  for (const follow of followers) follow();
});

/** The words an item of a list is known by on the page: its name or title, else its first text. */
function wordsOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null) return undefined;
  const fields = item as Record<string, unknown>;
  const text = [fields.title, fields.name, fields.description, ...Object.values(fields)].find(
    (value) => typeof value === 'string' && value.trim().length > 2,
  );
  return typeof text === 'string' ? text : undefined;
}

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Scrolls the pane to the part of the page showing the list item in focus in the form (found by the words it is
 * known by), and marks the box with its key path; nothing when the item is not shown.
 */
function follow(box: HTMLElement, data: Record<string, unknown> | undefined) {
  if (!focused || !data) return;
  const keys = focused.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  const last = keys.findLastIndex((key) => typeof key === 'number');
  if (last === -1) return;
  const item = keys
    .slice(0, last + 1)
    .reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
  const words = wordsOf(item);
  if (!words) return;
  const needle = squeezed(words).slice(0, 40);
  const found = [...box.querySelectorAll<HTMLElement>('li, h2, h3, h4, p, dd, dt, td')]
    .filter((element) => squeezed(element.textContent ?? '').includes(needle))
    .sort((a, b) => (a.textContent?.length ?? 0) - (b.textContent?.length ?? 0))[0];
  if (!found) return;
  const view = box.ownerDocument.defaultView;
  view?.scrollTo({ top: found.getBoundingClientRect().top + view.scrollY - 40 });
  box.dataset.follows = keys.slice(0, last + 1).join('.');
}

/** A template of one collection or file: a box the CMS draws, filled by preact with the page's part. */
function template(name: string) {
  const Preview = previews[name as (typeof PREVIEWED)[number]];
  let box: HTMLElement | null = null;
  let latest: TemplateProps | undefined;
  let drawn = 0;
  const followed = () => {
    if (box) follow(box, (latest?.entry.get('data') as ImmutableMap | undefined)?.toJS() as Record<string, unknown>);
  };
  const draw = async () => {
    const props = latest;
    if (!props || !box) return;
    const turn = ++drawn;
    const facts = await siteFacts(props);
    if (turn !== drawn || !box) return;
    const data = (props.entry.get('data') as ImmutableMap | undefined)?.toJS() as PreviewEntry['data'] | undefined;
    const slug = props.entry.get('slug');
    window.dispatchEvent(new CustomEvent(ENTRY_SHOWN, { detail: data }));
    try {
      render(
        <Preview entry={{ data: data ?? {}, slug: typeof slug === 'string' ? slug : undefined }} facts={facts} />,
        box,
      );
    } catch {
      // What the site's components cannot draw yet (the build would refuse it): said, never thrown at the page.
      render(<p className="eccron-preview-note">This part is shown once the form is finished.</p>, box);
    }
    named(box);
    follow(box, data);
    box.dataset.drawn = String(turn);
  };
  // The changes of one input event arrive together: drawn once, after them.
  let queued = false;
  const update = (props: TemplateProps) => {
    latest = props;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      void draw();
    });
  };
  return cms.createClass({
    componentDidMount(this: { props: TemplateProps }) {
      followers.add(followed);
      update(this.props);
    },
    componentDidUpdate(this: { props: TemplateProps }) {
      update(this.props);
    },
    componentWillUnmount() {
      followers.delete(followed);
      if (box) render(null, box);
    },
    render() {
      return cms.h('div', {
        className: 'eccron-preview',
        'data-preview': name,
        ref: (element: HTMLElement | null) => {
          box = element;
        },
      });
    },
  });
}

const siteStyle = document.documentElement.dataset.siteStyle;
if (siteStyle && cms.CMS) {
  cms.CMS.registerPreviewStyle(new URL(siteStyle, document.baseURI).href);
  for (const name of PREVIEWED) cms.CMS.registerPreviewTemplate(name, template(name));
}
// On the live site, the site workflow's verdict on each save and publish.
if (document.documentElement.dataset.cmsMode === 'github' && cms.CMS) void followTheLiveSite(cms.CMS, saved);
