/**
 * One current verdict: a save the CMS's own form refuses (a required field
 * left empty, a pattern, a time the clocks skip) never reaches the site's
 * check, and the CMS says so only at the fields and in a notice that goes
 * after a few seconds. The panel says it as it says the check's refusals:
 * "✗ Not saved", each field by its label with a link to it, in place of
 * whatever it said before (an earlier "✓ Checked before saving").
 */
import { checkingEntry, mark, panel, timeOfDay } from './build-panel.ts';
import { goToField } from './field-problems.ts';
import { entryForm, root, saveButton } from './page.ts';

/** A press of Save, until the site's check hears of it (preSave) or the form refuses it. */
let pressed: { reachedTheCheck: boolean; refusedAt?: string; shown?: string } | undefined;

/** The site's check took the save: the form had nothing against it. */
export function saveReachedTheCheck() {
  if (pressed) pressed.reachedTheCheck = true;
}

/** The words of an element, without its icons' names (drawn from a font: "error", "more_vert"). */
function wordsOf(element: Element | null): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/[\u2066-\u2069*]/g, '').trim();
}

/** The form's own messages at its fields: each field's key path, label and words. */
function formMessages(): { keyPath: string; label: string; text: string }[] {
  const form = entryForm();
  if (!form) return [];
  return [...form.querySelectorAll<HTMLElement>('section[data-key-path] [role="alert"]')].flatMap((alert) => {
    const text = wordsOf(alert);
    const field = alert.closest<HTMLElement>('section[data-key-path]');
    if (!text || !field) return [];
    // The field's own alert, not one of a field inside it (a list item's).
    if (alert.closest('section[data-key-path]') !== field) return [];
    const label = wordsOf(field.querySelector(':scope > header h4')) || field.dataset.keyPath!;
    return [{ keyPath: field.dataset.keyPath!, label, text }];
  });
}

/** The panel says the form refused the save, each field with its words and a link that takes the person there. */
function showFormRefusal(refusal: NonNullable<typeof pressed>) {
  const view = panel();
  const messages = formMessages();
  // Said again only when the form's messages change (one put right): not at each key typed.
  const shown = JSON.stringify(messages);
  if (refusal.shown === shown) return;
  refusal.shown = shown;
  refusal.refusedAt ??= timeOfDay();
  checkingEntry();
  // "form": refused by the form's own rules, before the site's check ("refused").
  view.check.dataset.check = 'form';
  mark('refused');
  const count = messages.length;
  view.check.textContent = `✗ Not saved (at ${refusal.refusedAt}): ${
    count === 0 ? 'a field' : count === 1 ? '1 field' : `${count} fields`
  } to put right first, each shown at its field. Nothing was written.`;
  const list = document.createElement('ul');
  for (const { keyPath, label, text } of messages) {
    const item = document.createElement('li');
    const link = Object.assign(document.createElement('a'), { href: location.hash, textContent: label });
    link.addEventListener('click', (event) => {
      event.preventDefault();
      void goToField(keyPath);
    });
    item.append(link, `: ${text}`);
    list.append(item);
  }
  view.checkDetails.replaceChildren(...(count > 0 ? [list] : []));
}

const isSavePress = (event: Event) =>
  event instanceof KeyboardEvent
    ? (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's'
    : (event.target as Element | null)?.closest('button') === saveButton();

export function watchFormRefusals() {
  const start = (event: Event) => {
    if (!isSavePress(event)) return;
    pressed = { reachedTheCheck: false };
  };
  document.addEventListener('click', start, true);
  document.addEventListener('keydown', start, true);
  // The form's messages appear (or change) after a press that never reached the check: the form refused it.
  new MutationObserver(() => {
    if (!pressed || pressed.reachedTheCheck) return;
    const notice = [...document.querySelectorAll('[role="alert"]')].some((alert) =>
      /fields? (has|have) an? ?errors?/i.test(alert.textContent ?? ''),
    );
    if (formMessages().length > 0 || notice) showFormRefusal(pressed);
  }).observe(root(), { childList: true, subtree: true, characterData: true });
}
