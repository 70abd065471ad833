/**
 * What the CMS's form leaves to be wished, put right from outside it:
 *
 *  - Enter in a list of choices being searched picks the match (the CMS
 *    picked nothing until an arrow key had moved to it);
 *  - a new list item, added with "Add …", gets the focus in its first field
 *    (the CMS put it on the item's Collapse button, so what was typed next
 *    was lost);
 *  - text pasted with line breaks into a one-line field is joined with
 *    spaces, and the field says so (the browser joined the lines without a
 *    space, silently).
 */
import { root } from './page.ts';

const visible = (element: Element) => !element.closest('[hidden]');

/** Enter in a choice field's search box: the highlighted choice if the search left it, else the first match. */
export function enterPicksTheMatch() {
  document.addEventListener(
    'keydown',
    (event) => {
      const box = event.target as HTMLElement | null;
      if (event.key !== 'Enter' || event.isComposing || box?.getAttribute('role') !== 'searchbox') return;
      const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
      if (!list) return;
      const active = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
      if (active && visible(active)) return; // the CMS picks it itself
      const first = [...list.querySelectorAll<HTMLElement>('[role="option"]')].find(visible);
      if (!first) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      first.click();
    },
    true,
  );
}

/** The fields a person types into or chooses in. */
const CONTROLS =
  'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"]), textarea, [contenteditable="true"], [role="combobox"]';

/** The items of a list field (its own, not those of a list inside one). */
const itemsOf = (list: Element) =>
  [...list.querySelectorAll('[role="group"][draggable]')].filter(
    (item) => item.closest('section[data-key-path]') === list,
  );

/**
 * Until the person moves the focus themselves: a press of a pointer anywhere, or Tab or Escape. (Not a time: on a busy
 * computer the CMS draws a new item, and moves the focus onto it, seconds after the click.)
 */
function untilThePersonMoves(stop: () => void): () => void {
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Tab' || event.key === 'Escape') end();
  };
  const end = () => {
    document.removeEventListener('pointerdown', end, true);
    document.removeEventListener('keydown', keys, true);
    stop();
  };
  document.addEventListener('pointerdown', end, true);
  document.addEventListener('keydown', keys, true);
  return end;
}

/**
 * Calls `then` with what `find` finds once the form has drawn it, unless the person has moved the focus first. Looked
 * for in the frame after each change of the page, as the CMS draws an item over several changes: found in the first
 * of them, a field can be one the CMS is about to replace.
 */
function whenDrawn<T>(find: () => T | undefined, then: (found: T) => void) {
  let frame = 0;
  const look = () => {
    frame = 0;
    const found = find();
    if (!found) return;
    end();
    then(found);
  };
  const observer = new MutationObserver(() => {
    frame ||= requestAnimationFrame(look);
  });
  const end = untilThePersonMoves(() => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  frame = requestAnimationFrame(look);
}

/**
 * After an item is added, the CMS moves the focus to the item's own buttons (Collapse): each time, it goes back to
 * the item's first field, until the focus goes elsewhere or the person moves it.
 */
function keepFocusFrom(item: Element, field: HTMLElement) {
  const back = (event: FocusEvent) => {
    const to = event.target as Element | null;
    // The item's own buttons (Collapse, Move Up…), not a button of one of its fields.
    const ownButton = to instanceof HTMLButtonElement && item.contains(to) && !item.contains(to.closest('section'));
    if (ownButton) field.focus();
    else end();
  };
  const end = untilThePersonMoves(() => document.removeEventListener('focusin', back, true));
  document.addEventListener('focusin', back, true);
  if (document.activeElement !== field) field.focus();
}

/** After "Add …", the focus in the new item's first field, once the CMS has drawn it and put its own focus. */
export function focusNewItems() {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      const list = button?.closest('section[data-key-path]');
      if (!button || !list || !/^Add\b/.test((button.dataset.label ?? '').replace(/[\u2066-\u2069]/g, ''))) return;
      // The CMS adds an item at the end of the list (and may draw the others again): the last one, once there is one more.
      const before = itemsOf(list).length;
      whenDrawn(
        () => {
          const items = itemsOf(list);
          return items.length > before ? (items.at(-1)?.querySelector<HTMLElement>(CONTROLS) ?? undefined) : undefined;
        },
        (field) => {
          field.focus();
          keepFocusFrom(field.closest('[role="group"][draggable]')!, field);
        },
      );
    },
    true,
  );
}

/** Lines pasted into a one-line field: joined with a space each, and said beside the field. */
export function joinPastedLines() {
  root().addEventListener(
    'paste',
    (event) => {
      const field = event.target as HTMLInputElement | null;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!(field instanceof HTMLInputElement) || field.type !== 'text' || !/[\r\n]/.test(text.trim())) return;
      event.preventDefault();
      const lines = text.trim().split(/\s*[\r\n]+\s*/);
      document.execCommand('insertText', false, lines.join(' '));
      const note = Object.assign(document.createElement('p'), {
        className: 'eccron-field-note',
        textContent: `The pasted text had ${lines.length} lines; this field holds one, so they are joined with spaces.`,
      });
      note.setAttribute('role', 'status');
      field.closest('section')?.querySelector('.eccron-field-note')?.remove();
      (field.closest('section')?.querySelector(':scope > header') ?? field).after(note);
    },
    true,
  );
}
