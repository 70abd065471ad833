/**
 * A question before a changed entry is left (the back arrow, the browser's
 * Back, closing the tab), which the CMS would discard silently.
 */
import { editorToolbar, root, saveButton } from './page.ts';

const isChanged = () => {
  const save = saveButton();
  return Boolean(save && !save.disabled && save.getAttribute('aria-disabled') !== 'true');
};
/** Set while a person has chosen to leave: the next navigation goes through. */
let leaving = false;
/** Set from a press of Save until it is refused or the entry is edited again or left. */
let saving = false;

/** The entry was left, however: the next changed entry asks again. */
export function entryMaybeLeft() {
  if (!editorToolbar()) leaving = saving = false;
}

/** The site's check refused the save: the changes are still unsaved. */
export function saveRefused() {
  saving = false;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]>) =>
  Object.assign(document.createElement(tag), properties);

function leaveDialog(): HTMLDialogElement {
  const existing = document.getElementById('eccron-leave') as HTMLDialogElement | null;
  if (existing) return existing;
  const dialog = element('dialog', { id: 'eccron-leave' });
  dialog.setAttribute('aria-labelledby', 'eccron-leave-title');
  dialog.setAttribute('aria-describedby', 'eccron-leave-text');
  const title = element('h2', { id: 'eccron-leave-title', textContent: 'Leave without saving?' });
  const text = element('p', {
    id: 'eccron-leave-text',
    textContent: 'This entry has changes that are not saved. If you leave now, they are lost.',
  });
  const stay = element('button', { type: 'button', textContent: 'Stay and keep editing' });
  const leave = element('button', { type: 'button', textContent: 'Leave without saving' });
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

function noteSaves() {
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
  root().addEventListener('input', () => {
    saving = false;
  });
}

export function guardLeaving() {
  noteSaves();
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
