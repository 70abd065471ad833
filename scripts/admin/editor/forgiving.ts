/**
 * What people paste, taken as meant where the meaning is certain, and said
 * beside the field (cleaning.ts has the rules):
 *
 *  - an ORCID iD typed or pasted as its address becomes the iD alone;
 *  - authors pasted one to a line become the one-line list APA writes.
 *
 * A DOI pasted as its address is cleaned by the DOI field itself (doi-field.ts),
 * and an address without https:// is offered with it where the check refuses it
 * (field-problems.ts).
 */
import { apaAuthorList, cleanedOrcid } from './cleaning.ts';
import { root } from './page.ts';

/** A note beside a field, in place of the last one: what was done to what was typed. */
function noteAtField(field: Element, text: string) {
  const section = field.closest('section');
  const note = Object.assign(document.createElement('p'), { className: 'eccron-field-note', textContent: text });
  note.setAttribute('role', 'status');
  section?.querySelector(':scope > .eccron-field-note')?.remove();
  (section?.querySelector(':scope > header') ?? field).after(note);
}

/** Sets a box's value as typing would, so that the form hears it. */
export function setTyped(box: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = box instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The last key of the field a box is in (members.3.orcid → orcid). */
const fieldKey = (box: Element) =>
  box.closest<HTMLElement>('section[data-key-path]')?.dataset.keyPath?.split('.').at(-1);

/** An ORCID iD as its address, cleaned as soon as it is whole (typed or pasted). */
function cleanOrcids() {
  root().addEventListener(
    'input',
    (event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || fieldKey(box) !== 'orcid') return;
      const orcid = cleanedOrcid(box.value);
      if (!orcid) return;
      const typed = box.value.trim();
      setTyped(box, orcid);
      noteAtField(box, `Typed as ${typed}: the iD alone is kept, as the site writes it (it links it to ORCID).`);
    },
    true,
  );
}

/** Authors (or editors) pasted one to a line: one line, as APA lists them. */
function joinPastedAuthors() {
  root().addEventListener(
    'paste',
    (event) => {
      const box = event.target;
      const key = box instanceof HTMLTextAreaElement ? fieldKey(box) : undefined;
      if (!(box instanceof HTMLTextAreaElement) || (key !== 'authors' && key !== 'editors')) return;
      const joined = apaAuthorList(event.clipboardData?.getData('text/plain') ?? '');
      if (!joined) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      document.execCommand('insertText', false, joined.list);
      noteAtField(
        box,
        `The ${joined.count} names pasted on separate lines are written as one list, as APA writes it: check the list.`,
      );
    },
    true,
  );
}

export function forgiveWhatIsCertain() {
  cleanOrcids();
  joinPastedAuthors();
}
