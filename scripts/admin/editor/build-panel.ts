/**
 * The Site build panel, beside the form (never over it): what the site's check
 * said of the last save before it was written, and under `npm run dev` the
 * build's verdict of each save, dated, each problem in the form's words with
 * a link that opens its field; on the live site, links to the pull requests.
 * Hidden, it keeps its title and the mark of the last verdict shown in it
 * (`mark`): ✓, ✗, or … while one is on its way.
 */
import type { PlacedProblem } from '../editor-places.ts';
import { changedPageLinks } from './changed-page.ts';
import { goToField } from './field-problems.ts';

/** What the dev server says of a build: which saved files started it, and what the build said. */
interface Verdict {
  ok: boolean;
  files: string[];
  stage?: string;
  problems: PlacedProblem[];
  pending: PlacedProblem[];
}

export interface BuildPanel {
  /** The site's check before a save: its status line and problems. */
  check: HTMLElement;
  checkDetails: HTMLElement;
  /** The build's verdict after a save. */
  status: HTMLElement;
  details: HTMLElement;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}) =>
  Object.assign(document.createElement(tag), properties);

/** The time of day of a verdict, 24-hour, as the person's clock reads it. */
export const timeOfDay = () => new Date().toLocaleTimeString('en-GB', { hour12: false });

function toggleFor(aside: HTMLElement, body: HTMLElement): HTMLButtonElement {
  const toggle = element('button', { type: 'button', textContent: 'Hide' });
  toggle.setAttribute('aria-expanded', 'true');
  toggle.setAttribute('aria-controls', body.id);
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide' : 'Show';
    body.hidden = !open;
    aside.classList.toggle('eccron-build-hidden', !open);
    document.documentElement.classList.toggle('eccron-panel-hidden', !open);
  });
  return toggle;
}

/** The panel, made once. */
export function panel(): BuildPanel {
  const existing = document.getElementById('eccron-build');
  if (existing) return (existing as HTMLElement & { view: BuildPanel }).view;
  const aside = element('aside', { id: 'eccron-build' });
  aside.setAttribute('aria-labelledby', 'eccron-build-title');
  const title = element('h2', { id: 'eccron-build-title', textContent: 'Site build' });
  // The last verdict's mark, beside the title: seen when the panel is hidden too.
  const mark = element('span', { id: 'eccron-build-mark' });
  mark.setAttribute('aria-hidden', 'true');
  title.append(' ', mark);
  const body = element('div', { id: 'eccron-build-body' });
  const check = element('p', { id: 'eccron-check-status' });
  check.setAttribute('role', 'status');
  const checkDetails = element('div', { id: 'eccron-check-details' });
  const status = element('p', { id: 'eccron-build-status' });
  status.setAttribute('role', 'status');
  const details = element('div');
  body.append(check, checkDetails, status, details);
  const header = element('div', { className: 'eccron-build-header' });
  header.append(title, toggleFor(aside, body));
  aside.append(header, body);
  const view = { check, checkDetails, status, details };
  Object.assign(aside, { view });
  // Beside the form: the CMS's screens leave it room (style.ts), and its notices and questions open above it.
  document.body.append(aside);
  document.documentElement.classList.add('eccron-panel');
  return view;
}

/** The entry an address opens (#/collections/events/entries/…, or …/new), without its query. */
const entryAddress = (hash: string) => /^#\/collections\/[^/?]+\/(?:entries\/[^?]+|new)/.exec(hash)?.[0];

/** The check's verdict is about the entry open now (until it is left). */
export function checkingEntry() {
  const view = panel();
  view.check.dataset.entry = entryAddress(location.hash) ?? '';
}

/**
 * The check's verdict and each field's message are of one entry: once it is left (another entry, the list), they
 * go, so that nothing said of it stays beside another.
 */
export function forgetLeftEntry(clearFields: () => void) {
  const view = panel();
  const about = view.check.dataset.entry;
  const now = entryAddress(location.hash);
  if (about === undefined || about === now) return;
  // A new entry, once saved, is opened at its own address: the same entry.
  if (about.endsWith('/new') && now?.startsWith(about.replace(/new$/, 'entries/'))) {
    view.check.dataset.entry = now;
    return;
  }
  delete view.check.dataset.entry;
  delete view.check.dataset.check;
  view.check.textContent = '';
  view.checkDetails.replaceChildren();
  clearFields();
  // The check's words are gone: the mark is the build's again.
  mark(buildMark());
}

/** A mark beside the title: ✓, ✗, … (a verdict on its way) or none (the words alone say it). */
export type Mark = 'passed' | 'refused' | 'checking' | 'none';
const marks: Record<Mark, string> = { passed: '✓', refused: '✗', checking: '…', none: '' };

/**
 * The mark of a build's verdict, from the state the panel shows it with: under npm run dev the dev build's, on the
 * live site that of the site's check (deploy-status.ts; a rate limit, a check that never starts and the like have
 * none).
 */
export function markOf(state: string | undefined): Mark {
  if (state === 'passed' || state === 'refused') return state;
  return ['checking', 'asking', 'waiting', 'queued', 'building'].includes(state ?? '') ? 'checking' : 'none';
}

/** The mark of the build's last verdict in the panel: the live site's check where there is one, else the dev build's. */
export const buildMark = () =>
  markOf(
    document.getElementById('eccron-deploy-status')?.dataset.state ??
      document.getElementById('eccron-build-status')?.dataset.verdict,
  );

/**
 * Sets the mark beside the title to the verdict the panel has just shown: the check's before a save (a refusal, or
 * … while the save's build is to come), then the build's.
 */
export function mark(verdict: Mark) {
  const shown = document.getElementById('eccron-build-mark');
  if (shown) shown.textContent = marks[verdict];
}

/** A list of problems: where in the editor (a link that opens the field), then the problem in the form's words. */
export function problemList(problems: PlacedProblem[]): HTMLUListElement {
  const list = element('ul');
  for (const problem of problems) {
    const item = element('li');
    const { place } = problem;
    if (place) {
      const link = element('a', { href: place.hash, textContent: place.label });
      const keyPath = place.keyPath;
      if (keyPath)
        link.addEventListener('click', () => {
          // Once the CMS has opened the entry, its field.
          window.setTimeout(() => void goToField(keyPath));
        });
      item.append(link, ': ');
    }
    item.append(problem.plain ?? problem.message);
    const file = problem.where
      .split(' › ')[0]!
      .replace(/:(\d+):\d+$/, ', line $1')
      .replace(/:(\d+)$/, ', line $1');
    item.append(' ', element('small', { textContent: `(${file})` }));
    list.append(item);
  }
  return list;
}

const files = (names: string[]) => (names.length > 0 ? names.join(', ') : 'the content');
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function showVerdict({ status, details }: BuildPanel, verdict: Verdict) {
  status.dataset.verdict = verdict.ok ? 'passed' : 'refused';
  // How many verdicts the panel has shown: a new one is told from the last, even when their words are the same.
  status.dataset.verdicts = String(Number(status.dataset.verdicts ?? 0) + 1);
  mark(verdict.ok ? 'passed' : 'refused');
  status.textContent = verdict.ok
    ? `✓ The site builds with ${files(verdict.files)} (at ${timeOfDay()}).`
    : `✗ The build refuses ${files(verdict.files)} (at ${timeOfDay()}): ${count(verdict.problems.length, 'problem', 'problems')}. The preview keeps the last version that built.`;
  details.replaceChildren();
  const page = verdict.ok ? changedPageLinks(verdict.files) : undefined;
  if (page) details.append(page);
  if (verdict.problems.length > 0) details.append(problemList(verdict.problems));
  if (verdict.pending.length > 0) {
    const note = element('p', {
      textContent: `${count(verdict.pending.length, 'publication holds', 'publications hold')} only a DOI, shown as pending in the preview; open ${verdict.pending.length === 1 ? 'it' : 'each'} and press “Fill from the DOI” to fill in the rest. The live site refuses ${verdict.pending.length === 1 ? 'it' : 'them'} until then:`,
    });
    details.append(note, problemList(verdict.pending));
  }
}

/** Under npm run dev: each rebuild, as the dev server reports it. */
export function followDevBuilds(url: string) {
  const view = panel();
  view.status.textContent = 'Waiting for the dev server…';
  const events = new EventSource(url);
  events.addEventListener('building', (event) => {
    view.status.dataset.verdict = 'checking';
    mark('checking');
    view.status.textContent = `Building the site with ${files(JSON.parse((event as MessageEvent).data))}…`;
  });
  events.addEventListener('verdict', (event) => showVerdict(view, JSON.parse((event as MessageEvent).data)));
}

/** On the live site: each save is a pull request, whose checks are the build's verdict. */
export function linkPullRequests(repo: string) {
  const view = panel();
  const pulls = (head: string) => `https://github.com/${repo}/pulls?q=${encodeURIComponent(`is:pr head:${head}`)}`;
  const render = () => {
    const entry = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(location.hash);
    view.status.textContent =
      'Each save becomes a pull request on GitHub; its checks build the site with it and name each problem with its file and line.';
    const links = element('p');
    if (entry) {
      links.append(
        element('a', {
          href: pulls(`cms/${entry[1]}/${entry[2]}`),
          textContent: 'This entry’s pull request and checks',
        }),
        ' · ',
      );
    }
    links.append(element('a', { href: pulls('cms/'), textContent: 'Every change saved from this editor' }));
    view.details.replaceChildren(links);
  };
  window.addEventListener('hashchange', render);
  render();
}
