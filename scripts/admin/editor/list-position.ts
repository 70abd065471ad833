/**
 * A list item moved to its place in one choice: beside Move Up and Move Down,
 * "Move to" offers every place in the list, and choosing one presses Move Up
 * or Move Down as many times as it takes (a country added at the end of
 * fourteen took fourteen presses of Move Up). With the members in the page's
 * order (save-changes.ts keeps a new member with its country), a member is
 * moved within their country in two actions: open the choice, pick the place.
 */
import { root } from './page.ts';

/** The items of a list field (its own, not those of a list inside one). */
const itemsOf = (list: Element) =>
  [...list.querySelectorAll<HTMLElement>('[role="group"][draggable]')].filter(
    (item) => item.closest('section[data-key-path]') === list,
  );

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Presses Move Up or Move Down on the item at `from` until it is at `target` (both 0-based), each press on the item
 * where it then is, once the form has drawn the last move.
 */
async function moveTo(list: Element, from: number, target: number) {
  let at = from;
  while (at !== target) {
    const direction = at > target ? 'move-up' : 'move-down';
    const item = itemsOf(list)[at];
    const button = [...(item?.querySelectorAll<HTMLButtonElement>(`button[data-action="${direction}"]`) ?? [])].find(
      (candidate) => candidate.closest('[role="group"][draggable]') === item,
    );
    if (!button || button.disabled) break;
    button.click();
    at += direction === 'move-up' ? -1 : 1;
    await nextFrame();
  }
  itemsOf(list)[at]?.querySelector<HTMLSelectElement>('.eccron-position')?.focus();
}

/** The choice beside an item's Move Down, kept to the list's length and the item's place. */
function offer(list: Element, item: HTMLElement, down: HTMLButtonElement) {
  const items = itemsOf(list);
  const index = items.indexOf(item);
  let select = down.parentElement?.querySelector<HTMLSelectElement>(':scope > .eccron-position');
  if (!select) {
    select = Object.assign(document.createElement('select'), { className: 'eccron-position' });
    select.addEventListener('change', () => {
      // The item the choice is in now: the form may have drawn its items again since the choice was made.
      const from = itemsOf(list).indexOf(select!.closest<HTMLElement>('[role="group"][draggable]')!);
      if (from !== -1) void moveTo(list, from, Number(select!.value));
    });
    // The choice is the site's, not a field of the form: its events stay out of the CMS's hands (which took its
    // change for an edit of the entry).
    for (const type of ['change', 'input', 'keydown', 'keyup', 'click', 'pointerdown', 'mousedown'])
      select.addEventListener(type, (event) => event.stopPropagation());
    down.after(select);
  }
  const shape = `${index}/${items.length}`;
  if (select.dataset.shape === shape) return;
  select.dataset.shape = shape;
  select.setAttribute('aria-label', `Move item ${index + 1} to place`);
  select.replaceChildren(
    ...items.map((_, place) =>
      Object.assign(document.createElement('option'), {
        value: String(place),
        textContent: `${place + 1} of ${items.length}`,
        selected: place === index,
      }),
    ),
  );
}

function offerEverywhere() {
  for (const down of root().querySelectorAll<HTMLButtonElement>('button[data-action="move-down"]')) {
    const item = down.closest<HTMLElement>('[role="group"][draggable]');
    const list = item?.closest('section[data-key-path]');
    if (item && list) offer(list, item, down);
  }
}

export function offerPlaces() {
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      offerEverywhere();
    });
  }).observe(root(), { childList: true, subtree: true });
}
