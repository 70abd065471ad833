/**
 * The site's own script on /admin/, beside the CMS (admin/editor.js, from this
 * file; it imports nothing). It adds what the CMS cannot be configured to do:
 *
 *  - the build's verdict inside the editor: under `npm run dev`, each save's
 *    rebuild, passed or each problem in the build's words with its file, line,
 *    entry and field, from the dev server's event stream; on the live site,
 *    where each save becomes a pull request, links to it and its checks;
 *  - a question before a changed entry is left (the back arrow, the
 *    browser's Back, closing the tab), which the CMS would discard silently;
 *  - one main landmark and one top heading: the page's root is the main
 *    landmark, and the page's title its level-one heading, only while the CMS
 *    draws none of its own (its entry lists and editor have none);
 *  - in local mode, the sign-ins that cannot work here hidden.
 *
 * It reads and changes nothing of the CMS but its page: it watches the editor's
 * Save button (enabled while the entry has changes) and its back arrow.
 */

const root = document.getElementById('nc-root') as HTMLElement;
const mode = document.documentElement.dataset.cmsMode;
const devEvents = document.querySelector<HTMLMetaElement>('meta[name="eccron-dev-events"]')?.content;

// --- Landmarks ---------------------------------------------------------------------------------

/** The page's title as its level-one heading, for the views where the CMS draws none (read, not seen). */
const heading = Object.assign(document.createElement('h1'), { id: 'eccron-title', textContent: document.title });
heading.className = 'eccron-visually-hidden';

/** The root is the page's main landmark while the CMS shows no main of its own (sign-in, the entry editor). */
function keepOneMain() {
  const visible = (selector: string) =>
    [...root.querySelectorAll(selector)].some((element) => element !== heading && element.checkVisibility());
  const cmsMain = visible('main, [role="main"]');
  if (cmsMain) root.removeAttribute('role');
  else root.setAttribute('role', 'main');
  // Inside the root's main landmark, where the CMS draws neither its own main nor a level-one heading.
  heading.hidden = cmsMain || visible('h1');
  // The entry was left, however: the next changed entry asks again.
  if (!editorToolbar()) leaving = saving = false;
}

// --- A changed entry asks before it is left ------------------------------------------------------

/** The editor's toolbar: its first button is the back arrow, its primary button Save (enabled while there are changes). */
const editorToolbar = () => root.querySelector<HTMLElement>('.content-editor [role="toolbar"]');
const saveButton = () => editorToolbar()?.querySelector<HTMLButtonElement>('button.primary') ?? null;
const isChanged = () => {
  const save = saveButton();
  return Boolean(save && !save.disabled && save.getAttribute('aria-disabled') !== 'true');
};
/** Set while a person has chosen to leave: the next navigation goes through. */
let leaving = false;
/** Set from a press of Save until the entry is left or edited again: the CMS leaves the entry itself once saved. */
let saving = false;

function leaveDialog(): HTMLDialogElement {
  const existing = document.getElementById('eccron-leave') as HTMLDialogElement | null;
  if (existing) return existing;
  const dialog = document.createElement('dialog');
  dialog.id = 'eccron-leave';
  dialog.setAttribute('aria-labelledby', 'eccron-leave-title');
  dialog.setAttribute('aria-describedby', 'eccron-leave-text');
  const title = Object.assign(document.createElement('h2'), {
    id: 'eccron-leave-title',
    textContent: 'Leave without saving?',
  });
  const text = Object.assign(document.createElement('p'), {
    id: 'eccron-leave-text',
    textContent: 'This entry has changes that are not saved. If you leave now, they are lost.',
  });
  const stay = Object.assign(document.createElement('button'), {
    type: 'button',
    textContent: 'Stay and keep editing',
  });
  const leave = Object.assign(document.createElement('button'), {
    type: 'button',
    textContent: 'Leave without saving',
  });
  leave.dataset.action = 'leave';
  stay.addEventListener('click', () => dialog.close());
  const buttons = document.createElement('p');
  buttons.append(stay, ' ', leave);
  dialog.append(title, text, buttons);
  document.body.append(dialog);
  return dialog;
}

/** Asks; `go` runs only if the person chooses to leave. */
function askBeforeLeaving(go: () => void) {
  const dialog = leaveDialog();
  const leave = dialog.querySelector<HTMLButtonElement>('[data-action="leave"]')!;
  leave.onclick = () => {
    dialog.close();
    leaving = true;
    go();
  };
  dialog.showModal();
  dialog.querySelector<HTMLButtonElement>('button')!.focus();
}

/** Whether leaving the entry now would lose changes: it has some, and the person has neither saved nor chosen to leave. */
const wouldLose = () => !leaving && !saving && isChanged();

function guardLeaving() {
  // A save: the CMS leaves the entry itself once it has written it. Typing again after a refused save ends that.
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('button') === saveButton()) saving = true;
    },
    true,
  );
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') saving = true;
  });
  root.addEventListener('input', () => {
    saving = false;
  });
  // The back arrow: asked before the CMS sees the click.
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      const back = editorToolbar()?.querySelector('button');
      if (!button || button !== back || !wouldLose()) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      askBeforeLeaving(() => button.click());
    },
    true,
  );
  // The browser's Back and Forward (a person's, not the CMS's own navigation after a save): the address is put
  // back, and changed only once the person chooses to leave.
  window.addEventListener(
    'hashchange',
    (event) => {
      if (!event.isTrusted || !wouldLose()) return;
      event.stopImmediatePropagation();
      history.pushState(history.state, '', event.oldURL);
      askBeforeLeaving(() => {
        location.href = event.newURL;
      });
    },
    true,
  );
  window.addEventListener('beforeunload', (event) => {
    if (wouldLose()) event.preventDefault();
  });
}

// --- The build's verdict ----------------------------------------------------------------------------

/** A problem as the dev server sends it: the build's words, and where it is in the editor when it can say. */
interface Problem {
  where: string;
  message: string;
  place?: { label: string; hash: string };
}

/** What the dev server says of a build: which saved files started it, and what the build said. */
interface Verdict {
  ok: boolean;
  files: string[];
  stage?: string;
  problems: Problem[];
  pending: Problem[];
}

function panel(): { status: HTMLElement; details: HTMLElement } {
  const aside = document.createElement('aside');
  aside.id = 'eccron-build';
  aside.setAttribute('aria-labelledby', 'eccron-build-title');
  const title = Object.assign(document.createElement('h2'), { id: 'eccron-build-title', textContent: 'Site build' });
  const toggle = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Hide' });
  toggle.setAttribute('aria-expanded', 'true');
  toggle.setAttribute('aria-controls', 'eccron-build-body');
  const body = Object.assign(document.createElement('div'), { id: 'eccron-build-body' });
  const status = Object.assign(document.createElement('p'), { id: 'eccron-build-status' });
  status.setAttribute('role', 'status');
  const details = document.createElement('div');
  body.append(status, details);
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide' : 'Show';
    body.hidden = !open;
  });
  const header = document.createElement('div');
  header.className = 'eccron-build-header';
  header.append(title, toggle);
  aside.append(header, body);
  // In the top layer, where the CMS shows its notices: raised again above each one it opens (but never above a
  // question the CMS asks in a modal dialog), so that no notice of the CMS covers the verdict.
  aside.popover = 'manual';
  document.body.append(aside);
  aside.showPopover();
  document.addEventListener(
    'toggle',
    (event) => {
      const opened = (event as ToggleEvent).newState === 'open' && event.target !== aside;
      if (!opened || document.querySelector(':modal') || !aside.matches(':popover-open')) return;
      aside.hidePopover();
      aside.showPopover();
    },
    true,
  );
  return { status, details };
}

const files = (names: string[]) => (names.length > 0 ? names.join(', ') : 'the content');

/** A list of problems: where in the editor (a link to the entry), the file and line, the build's words. */
function problemList(problems: Problem[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const problem of problems) {
    const item = document.createElement('li');
    if (problem.place) {
      const link = Object.assign(document.createElement('a'), {
        href: problem.place.hash,
        textContent: problem.place.label,
      });
      item.append(link, ' ');
    }
    const where = Object.assign(document.createElement('code'), { textContent: problem.where });
    item.append(where, `: ${problem.message}`);
    list.append(item);
  }
  return list;
}

function showVerdict({ status, details }: ReturnType<typeof panel>, verdict: Verdict) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  status.dataset.verdict = verdict.ok ? 'passed' : 'refused';
  // How many verdicts the panel has shown: a new one is told from the last, even when their words are the same.
  status.dataset.verdicts = String(Number(status.dataset.verdicts ?? 0) + 1);
  status.textContent = verdict.ok
    ? `✓ The site builds with ${files(verdict.files)}.`
    : `✗ The build refuses ${files(verdict.files)}: ${count(verdict.problems.length, 'problem', 'problems')}, in its own words below. The preview keeps the last version that built.`;
  details.replaceChildren();
  if (verdict.problems.length > 0) details.append(problemList(verdict.problems));
  if (verdict.pending.length > 0) {
    const note = Object.assign(document.createElement('p'), {
      textContent: `${count(verdict.pending.length, 'publication holds', 'publications hold')} only a DOI, shown as pending in the preview; the site's page offers to fill ${verdict.pending.length === 1 ? 'it' : 'them'} in from the DOI (npm run cite -- fill does too). A build to publish refuses ${verdict.pending.length === 1 ? 'it' : 'them'} until then:`,
    });
    details.append(note, problemList(verdict.pending));
  }
}

/** Under npm run dev: each rebuild, as the dev server reports it. */
function followDevBuilds(url: string) {
  const view = panel();
  view.status.textContent = 'Waiting for the dev server…';
  const events = new EventSource(url);
  events.addEventListener('building', (event) => {
    view.status.dataset.verdict = 'checking';
    view.status.textContent = `Checking ${files(JSON.parse((event as MessageEvent).data))}…`;
  });
  events.addEventListener('verdict', (event) => showVerdict(view, JSON.parse((event as MessageEvent).data)));
}

/** On the live site: each save is a pull request, whose checks are the build's verdict. */
async function linkPullRequests() {
  const config = await (await fetch('config.json')).json();
  const repo: string | undefined = config?.backend?.repo;
  if (!repo) return;
  const view = panel();
  const pulls = (head: string) => `https://github.com/${repo}/pulls?q=${encodeURIComponent(`is:pr head:${head}`)}`;
  const render = () => {
    const entry = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(location.hash);
    view.status.textContent =
      'Each save becomes a pull request on GitHub; its checks build the site with it and name each problem with its file and line.';
    const links = document.createElement('p');
    if (entry) {
      links.append(
        Object.assign(document.createElement('a'), {
          href: pulls(`cms/${entry[1]}/${entry[2]}`),
          textContent: 'This entry’s pull request and checks',
        }),
        ' · ',
      );
    }
    links.append(
      Object.assign(document.createElement('a'), {
        href: pulls('cms/'),
        textContent: 'Every change saved from this editor',
      }),
    );
    view.details.replaceChildren(links);
  };
  window.addEventListener('hashchange', render);
  render();
}

// --- Go ----------------------------------------------------------------------------------------------

const style = document.createElement('style');
style.textContent = [
  '.eccron-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
  '#eccron-build{position:fixed;inset:auto auto 1rem 1rem;margin:0;max-width:min(22rem,calc(100vw - 2rem));max-height:40vh;overflow:auto;padding:.5rem .875rem;background:#fff;color:#1a1a1a;border:2px solid #1f4e79;border-radius:.5rem;box-shadow:0 .25rem 1rem rgb(0 0 0/.2);font:14px/1.45 system-ui,sans-serif}',
  '#eccron-build h2{margin:0;font-size:1rem}',
  '.eccron-build-header{display:flex;gap:1rem;align-items:center;justify-content:space-between}',
  '#eccron-build p{margin:.4rem 0}',
  '#eccron-build ul{margin:.25rem 0;padding-left:1.25rem}',
  '#eccron-build a{color:#0b57a6}',
  '#eccron-build code{font-size:.85em;overflow-wrap:anywhere}',
  '#eccron-build-status[data-verdict="refused"]{color:#8b1a1a;font-weight:600}',
  '#eccron-build-status[data-verdict="passed"]{color:#1b5e20;font-weight:600}',
  '#eccron-leave{max-width:28rem;padding:1.25rem;border:2px solid #1f4e79;border-radius:.5rem;font:15px/1.5 system-ui,sans-serif}',
  '#eccron-leave h2{margin:0 0 .5rem;font-size:1.15rem}',
  '#eccron-build button,#eccron-leave button{font:inherit;padding:.3rem .7rem;cursor:pointer}',
  // Local mode: only "Work with Local Repository" works; the sign-ins save to GitHub, not to this folder.
  ...(mode === 'local' ? ['#nc-root .buttons>.button.secondary{display:none}'] : []),
].join('\n');
document.head.append(style);

root.prepend(heading);
new MutationObserver(keepOneMain).observe(root, { childList: true, subtree: true });
keepOneMain();
guardLeaving();
if (devEvents) followDevBuilds(devEvents);
else if (mode !== 'local') void linkPullRequests();
