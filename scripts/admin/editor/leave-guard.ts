/**
 * A question before a changed entry is left (the back arrow, the browser's
 * Back, closing the tab), which the CMS would discard silently; a refused
 * save leaves the changes unsaved, so it asks then too. Leaving without
 * saving also drops the CMS's backup of the changes thrown away (else the
 * CMS offers "Restore Draft" of them next time). Removing a list item (×)
 * asks first, naming the item.
 */
import { editorToolbar, root, saveButton } from './page.ts';
import { SAVED } from './saved.ts';

/** Whether the entry has changes not saved: the CMS enables Save while it has. */
const isChanged = () => {
  const save = saveButton();
  return Boolean(save && !save.disabled && save.getAttribute('aria-disabled') !== 'true');
};
/** Set while a person has chosen to leave: the next navigation goes through. */
let leaving = false;
/**
 * Set once the CMS has written the entry (its postSave), until it is edited again or left: on the live site the
 * toolbar's primary button stays enabled after a save (the editorial workflow's next step), which is no change.
 * A refused save is never written, so it leaves this unset and the question is asked.
 */
let saved = false;
/** The entry left without saving, whose backup goes once the CMS has closed it. */
let thrownAway: { collection: string; slug: string } | undefined;

/** The CMS's backups of unsaved changes: an IndexedDB store, keyed by [collection, entry] ("" for a new entry). */
const BACKUPS = 'draft-backups';

/** The entry an address opens: its collection and its entry ("" for a new one), as the CMS keys its backups. */
function entryOf(hash: string): { collection: string; slug: string } | undefined {
  const found = /^#\/collections\/([^/?]+)\/(?:entries\/([^?]+)|new)/.exec(hash);
  return found ? { collection: decodeURIComponent(found[1]!), slug: decodeURIComponent(found[2] ?? '') } : undefined;
}

/** Deletes the CMS's backup of an entry, in every database of the page that keeps backups. */
async function dropBackup({ collection, slug }: { collection: string; slug: string }) {
  const databases = (await indexedDB.databases?.().catch(() => [])) ?? [];
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((done) => {
          if (!name) return done();
          const opening = indexedDB.open(name);
          opening.onerror = () => done();
          opening.onsuccess = () => {
            const database = opening.result;
            if (!database.objectStoreNames.contains(BACKUPS)) {
              database.close();
              return done();
            }
            const change = database.transaction(BACKUPS, 'readwrite');
            change.objectStore(BACKUPS).delete([collection, slug]);
            const finish = () => {
              database.close();
              done();
            };
            change.oncomplete = finish;
            change.onerror = finish;
            change.onabort = finish;
          };
        }),
    ),
  );
}

/**
 * How long after a change the CMS backs the draft up (its own half second), with room for a backup it began as the
 * entry closed to be written.
 */
const backupWritten = 1500;

/** The entry was left, however: the next changed entry asks again, and what was thrown away loses its backup. */
export function entryMaybeLeft() {
  if (editorToolbar()) return;
  leaving = saved = false;
  // Dropped once the CMS has closed the entry, and again once a backup it began as it closed is surely written: on
  // a busy machine, one written after the first drop survived it, and the CMS offered to "Restore Draft" the very
  // changes the person chose to throw away when they opened the entry again.
  const entry = thrownAway;
  if (entry) void dropBackup(entry).then(() => setTimeout(() => void dropBackup(entry), backupWritten));
  thrownAway = undefined;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]>) =>
  Object.assign(document.createElement(tag), properties);

/**
 * A question of the site's own, made once: `id`'s dialog with its title and text, a button that closes it (`no`)
 * and one marked data-action="yes" whose click the caller sets.
 */
function question(id: string, words: { title: string; text: string; no: string; yes: string }): HTMLDialogElement {
  const existing = document.getElementById(id) as HTMLDialogElement | null;
  if (existing) return existing;
  const dialog = element('dialog', { id });
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-text`);
  const title = element('h2', { id: `${id}-title`, textContent: words.title });
  const text = element('p', { id: `${id}-text`, textContent: words.text });
  const no = element('button', { type: 'button', textContent: words.no });
  const yes = element('button', { type: 'button', textContent: words.yes });
  yes.dataset.action = 'yes';
  no.addEventListener('click', () => dialog.close());
  const buttons = document.createElement('p');
  buttons.append(no, ' ', yes);
  dialog.append(title, text, buttons);
  document.body.append(dialog);
  return dialog;
}

const leaveDialog = () =>
  question('eccron-leave', {
    title: 'Leave without saving?',
    text: 'This entry has changes that are not saved. If you leave now, they are lost.',
    no: 'Stay and keep editing',
    yes: 'Leave without saving',
  });

/** Asks; `go` runs only if the person chooses to leave. */
function askBeforeLeaving(go: () => void) {
  const dialog = leaveDialog();
  const leave = dialog.querySelector<HTMLButtonElement>('[data-action="yes"]')!;
  leave.onclick = () => {
    dialog.close();
    leaving = true;
    thrownAway = entryOf(location.hash);
    go();
  };
  dialog.showModal();
  dialog.querySelector<HTMLButtonElement>('button')!.focus();
}

/**
 * Whether leaving the entry now would lose changes: it has some (a refused save leaves them unsaved, and Save
 * enabled), and the person has not chosen to leave.
 */
const wouldLose = () => !leaving && !saved && isChanged();

export function guardLeaving() {
  askBeforeRemoving();
  window.addEventListener(SAVED, () => {
    saved = true;
  });
  // Edited again (typed, a choice changed or picked from a list): its changes are unsaved again.
  const edited = () => {
    saved = false;
  };
  root().addEventListener('input', edited);
  root().addEventListener('change', edited);
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('[role="option"], [role="radio"], [role="checkbox"]')) edited();
  });
  // The back arrow: asked before the CMS sees the click.
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      const back = editorToolbar()?.querySelector('button');
      // A person's click (the CMS clicks its own back arrow once it has published an entry).
      if (!event.isTrusted || !button || button !== back || !wouldLose()) return;
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

/** The words of a list item's remove button (×), as the CMS labels it. */
const REMOVE = 'Remove';
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '').trim();

/** The list item a button is one of the item's own buttons of (not a button of a field inside it), if any. */
function ownItem(button: Element): Element | undefined {
  const item = button.closest('[role="group"][draggable]');
  const field = button.closest('section');
  return item && !(field && item.contains(field)) ? item : undefined;
}

const removeDialog = () =>
  question('eccron-remove', {
    title: 'Remove this item?',
    text: 'It is taken out of the list, with everything typed in it. Nothing is written until you save.',
    no: 'Keep it',
    yes: 'Remove',
  });

/** An item as its collapsed line names it: its words, without its fields, buttons and icons. */
function itemName(item: Element): string {
  const copy = item.cloneNode(true) as Element;
  for (const part of copy.querySelectorAll('section, button, select, label, [aria-hidden="true"]')) part.remove();
  const summary = plain(copy.textContent).replace(/\s+/g, ' ');
  return summary ? `“${summary.length > 60 ? `${summary.slice(0, 60)}…` : summary}”` : 'this item';
}

/** Removing a list item asks first: one click on × would take away all that was typed in it, with no undo. */
function askBeforeRemoving() {
  let allowed: Element | undefined;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (!button || !root().contains(button)) return;
      const item = ownItem(button);
      if (!item || plain(button.getAttribute('aria-label')) !== REMOVE) return;
      if (allowed === button) {
        allowed = undefined;
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      const dialog = removeDialog();
      dialog.querySelector('h2')!.textContent = `Remove ${itemName(item)}?`;
      dialog.querySelector<HTMLButtonElement>('[data-action="yes"]')!.onclick = () => {
        dialog.close();
        allowed = button;
        button.click();
      };
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('button')!.focus();
    },
    true,
  );
}
