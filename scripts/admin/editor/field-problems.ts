/**
 * A problem shown at its field in the CMS's form, in the form's words: under
 * the field's label, the field marked invalid and described by it, until the
 * field is edited. The form draws a list item's fields only while the item is
 * open, so a field inside one is reached by opening the items on its way.
 */
import { withScheme } from './cleaning.ts';
import { setTyped } from './forgiving.ts';
import { entryForm } from './page.ts';

const MESSAGE = 'eccron-field-problem';

const section = (keyPath: string) =>
  entryForm()?.querySelector<HTMLElement>(`section[data-key-path="${CSS.escape(keyPath)}"]`) ?? null;

/** Resolves once `find` finds something (the form drawing what was opened), or with null after `patience` ms. */
function drawn<T>(find: () => T | null, patience = 3000): Promise<T | null> {
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const now = find();
      if (!now) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(now);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, patience);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

/** Opens item `index` of the list at `listPath` (and the list itself), if closed. */
async function openItem(listPath: string, index: number) {
  const list = await drawn(() => section(listPath));
  if (!list) return;
  const own = (button: Element) => button.closest('section[data-key-path]') === list;
  const whole = [...list.querySelectorAll<HTMLButtonElement>('button[aria-controls$="-item-list"]')].find(own);
  if (whole?.getAttribute('aria-expanded') === 'false') whole.click();
  const toggle = await drawn(
    () =>
      [...list.querySelectorAll<HTMLButtonElement>(`button[aria-controls$="-item-${index}-body"]`)].find(own) ?? null,
  );
  if (toggle?.getAttribute('aria-expanded') === 'false') toggle.click();
}

/** The field's section, drawn: every list item on the way to it opened. */
async function revealField(keyPath: string): Promise<HTMLElement | null> {
  const parts = keyPath.split('.');
  for (let at = 1; at < parts.length; at += 1)
    if (/^\d+$/.test(parts[at]!)) await openItem(parts.slice(0, at).join('.'), Number(parts[at]));
  return drawn(() => section(keyPath));
}

/** What a person types into or chooses in a field's section. */
const control = (field: HTMLElement) =>
  field.querySelector<HTMLElement>('input, textarea, [contenteditable="true"], [role="combobox"], [role="radiogroup"]');

/** A field's message gone, and the field no longer marked by it. */
function dismiss(message: Element) {
  const field = message.closest('section');
  const input = field ? control(field as HTMLElement) : null;
  if (input) {
    input.removeAttribute('aria-invalid');
    const rest = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== message.id);
    if (rest.length > 0) input.setAttribute('aria-describedby', rest.join(' '));
    else input.removeAttribute('aria-describedby');
  }
  message.remove();
}

export function clearFieldProblems() {
  for (const message of document.querySelectorAll(`.${MESSAGE}`)) dismiss(message);
}

let count = 0;

/** Shows `text` at the field `keyPath`; resolves with its section, or null when the form has no such field. */
export async function showAtField(keyPath: string, text: string): Promise<HTMLElement | null> {
  const field = await revealField(keyPath);
  if (!field) return null;
  const message = Object.assign(document.createElement('p'), { className: MESSAGE, id: `${MESSAGE}-${++count}` });
  message.textContent = `✗ ${text}`;
  const header = field.querySelector(':scope > header');
  if (header) header.after(message);
  else field.prepend(message);
  const input = control(field);
  offerScheme(message, input, text);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    const described = input.getAttribute('aria-describedby');
    input.setAttribute('aria-describedby', described ? `${described} ${message.id}` : message.id);
  }
  // Edited, the field's message has done its work: the next save checks it again.
  field.addEventListener('input', () => dismiss(message), { once: true });
  return field;
}

/** An address refused for want of https://, when that is all it wants: "Use https://…", one click. */
function offerScheme(message: HTMLElement, input: HTMLElement | null, text: string) {
  if (!(input instanceof HTMLInputElement) || !text.includes('https://')) return;
  const address = withScheme(input.value);
  if (!address) return;
  const use = Object.assign(document.createElement('button'), { type: 'button', textContent: `Use ${address}` });
  use.addEventListener('click', () => {
    setTyped(input, address);
    input.focus();
  });
  message.append(' ', use);
}

/** Takes the person to a field: drawn, scrolled to and focused. */
export async function goToField(keyPath: string) {
  const field = await revealField(keyPath);
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  (control(field) ?? field).focus({ preventScroll: true });
}
