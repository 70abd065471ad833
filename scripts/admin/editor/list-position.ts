/**
 * A list item moved to its place in one choice: beside Move Up and Move Down,
 * "Move to" offers every place in the list, and choosing one presses Move Up
 * or Move Down as many times as it takes (a country added at the end of
 * fourteen took fourteen presses of Move Up).
 *
 * The places are those of the whole list: the CMS draws a long list's items
 * only as they come into view, but keeps one wrapper per item in the list's
 * order, drawn or not, so an item's place is its wrapper's, and each press is
 * made on the item where it then is, brought into view first. A member's
 * place is the page's: the directory groups members by country, so the choice
 * offers the places among the members of their country ("2 of 4 in the
 * Netherlands"), read from the whole entry as the preview's script last
 * received it (the members not drawn yet included).
 */
import { ENTRY_SHOWN } from '../preview/previewed.ts';
import { cmsApi, root } from './page.ts';

type Data = Record<string, unknown>;

/** The entry being edited as the form holds it, at its last change (sent by the preview's script). */
let entryData: Data | undefined;

/** The wrappers of a list field's items (its own, not those of a list inside one), one per item, drawn or not. */
function wrappersOf(list: Element): HTMLElement[] {
  const itemList = [...list.querySelectorAll<HTMLElement>('.item-list')].find(
    (candidate) => candidate.closest('section[data-key-path]') === list,
  );
  return [...(itemList?.children ?? [])].filter((child): child is HTMLElement =>
    child.classList.contains('item-wrapper'),
  );
}

/** The item drawn in a wrapper, or null while the CMS has not drawn it. */
const itemIn = (wrapper: Element | undefined) =>
  wrapper?.querySelector<HTMLElement>(':scope > [role="group"][draggable]') ??
  [...(wrapper?.querySelectorAll<HTMLElement>('[role="group"][draggable]') ?? [])].find(
    (item) => item.closest('.item-wrapper') === wrapper,
  ) ??
  null;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The wrapper at `index`, brought into view until the CMS has drawn its item (a few frames at most). */
async function drawnAt(list: Element, index: number): Promise<HTMLElement | undefined> {
  for (let frame = 0; frame < 60; frame++) {
    const wrapper = wrappersOf(list)[index];
    if (!wrapper || itemIn(wrapper)) return wrapper;
    wrapper.scrollIntoView({ block: 'center' });
    await nextFrame();
  }
  return undefined;
}

/** The item's own button for `action` (not one of a list inside it). */
const ownButton = (item: HTMLElement | null, action: string) =>
  [...(item?.querySelectorAll<HTMLButtonElement>(`button[data-action="${action}"]`) ?? [])].find(
    (candidate) => candidate.closest('[role="group"][draggable]') === item,
  );

/**
 * Presses Move Up or Move Down on the item at `from` until it is at `target` (0-based places of the whole list),
 * each press on the item where it then is, once the form has drawn the last move; then focuses its choice, which
 * reads its new place.
 */
async function moveTo(list: Element, from: number, target: number) {
  let at = from;
  while (at !== target) {
    const direction = at > target ? 'move-up' : 'move-down';
    const wrapper = await drawnAt(list, at);
    const button = ownButton(itemIn(wrapper), direction);
    if (!wrapper || !button || button.disabled) break;
    const next = at + (direction === 'move-up' ? -1 : 1);
    button.click();
    // The CMS has drawn the move by the next frame.
    await nextFrame();
    at = next;
  }
  const wrapper = await drawnAt(list, at);
  offerEverywhere();
  wrapper?.scrollIntoView({ block: 'center' });
  focusChoice(list, wrapper);
}

/**
 * How long after a press of Move Up or Move Down the CMS puts the focus on the button of the item then at the moved
 * item's place (Sveltia CMS 0.221.1 waits 50 ms): after a press one frame before the last, that is another item's.
 */
const CMS_FOCUS_DELAY_MS = 50;

/**
 * Focuses the choice of the item in `wrapper`, which then reads its place, and gives the focus back to it whenever the
 * CMS, finishing one of the moves or drawing the item again, puts it on a Move Up or Move Down of the list or elsewhere
 * in the item: until the CMS's last such focus is
 * due, or the person presses a key or the pointer first.
 */
function focusChoice(list: Element, wrapper: HTMLElement | undefined) {
  const choice = () => itemIn(wrapper)?.querySelector<HTMLSelectElement>('.eccron-position');
  choice()?.focus();
  const giveBack = (event: Event) => {
    const target = event.target instanceof Element ? event.target : undefined;
    if (target && target !== choice() && (wrapper?.contains(target) || target.matches('button[data-action^="move-"]')))
      choice()?.focus();
  };
  const stop = () => {
    list.removeEventListener('focusin', giveBack);
    for (const type of ['keydown', 'pointerdown']) removeEventListener(type, stop, true);
  };
  list.addEventListener('focusin', giveBack);
  for (const type of ['keydown', 'pointerdown']) addEventListener(type, stop, true);
  setTimeout(stop, CMS_FOCUS_DELAY_MS * 4);
}

/** One place of the choice: the whole-list place it moves the item to, and its words. */
interface Place {
  value: number;
  words: string;
}

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

/**
 * The places an item at `index` of the list `keyPath` (of `length` items) can take. A member with a country of the
 * directory: among the members of that country, each place the whole-list place of the member now there.
 */
export function placesOf(keyPath: string, index: number, length: number, data: Data | undefined): Place[] {
  const members = Array.isArray(data?.members) ? data.members : undefined;
  const countries = Array.isArray(data?.countries) ? data.countries.map(String) : [];
  const country = String(record(members?.[index]).country ?? '');
  if (keyPath === 'members' && members?.length === length && countries.includes(country)) {
    const group = members.flatMap((member, at) => (record(member).country === country ? [at] : []));
    return group.map((at, place) => ({ value: at, words: `${place + 1} of ${group.length} in ${country}` }));
  }
  return Array.from({ length }, (_, place) => ({ value: place, words: `${place + 1} of ${length}` }));
}

/** The choice beside an item's Move Down, kept to the whole list's length and the item's place. */
function offer(list: Element, wrapper: HTMLElement, down: HTMLButtonElement) {
  const wrappers = wrappersOf(list);
  const index = wrappers.indexOf(wrapper);
  const places = placesOf(list.getAttribute('data-key-path') ?? '', index, wrappers.length, entryData);
  let select = down.parentElement?.querySelector<HTMLSelectElement>(':scope > .eccron-position');
  if (!select) {
    select = Object.assign(document.createElement('select'), { className: 'eccron-position' });
    const choice = select;
    choice.addEventListener('change', () => {
      // The item the choice is in now: the form may have drawn its items again since the choice was made.
      const from = wrappersOf(list).indexOf(choice.closest<HTMLElement>('.item-wrapper')!);
      if (from !== -1) void moveTo(list, from, Number(choice.value));
    });
    // The choice is the site's, not a field of the form: its events stay out of the CMS's hands (which took its
    // change for an edit of the entry).
    for (const type of ['change', 'input', 'keydown', 'keyup', 'click', 'pointerdown', 'mousedown'])
      choice.addEventListener(type, (event) => event.stopPropagation());
    down.after(choice);
  }
  const shape = `${index}:${places.map((place) => `${place.value}=${place.words}`).join('|')}`;
  if (select.dataset.shape === shape) return;
  select.dataset.shape = shape;
  select.setAttribute('aria-label', `Move item ${index + 1} to place`);
  select.replaceChildren(
    ...places.map((place) =>
      Object.assign(document.createElement('option'), {
        value: String(place.value),
        textContent: place.words,
        selected: place.value === index,
      }),
    ),
  );
}

function offerEverywhere() {
  for (const down of root().querySelectorAll<HTMLButtonElement>('button[data-action="move-down"]')) {
    const wrapper = down.closest<HTMLElement>('.item-wrapper');
    const list = wrapper?.parentElement?.closest('section[data-key-path]');
    if (wrapper && list && ownButton(itemIn(wrapper), 'move-down') === down) offer(list, wrapper, down);
  }
}

/** The list item the person was last in (its wrapper), and the place it is to be shown at after the save. */
let lastItem: HTMLElement | undefined;
let shownAfterSave: { keyPath: string; from: number; index: number } | undefined;

/** The list `keyPath` is saved in the order given (old places by new place): its item the person was in is followed. */
export function keepOpenItem(keyPath: string, order: number[]) {
  const list = lastItem?.parentElement?.closest('section[data-key-path]');
  if (!lastItem || list?.getAttribute('data-key-path') !== keyPath) return;
  const from = wrappersOf(list).indexOf(lastItem);
  const index = order.indexOf(from);
  shownAfterSave = index === -1 || index === from ? undefined : { keyPath, from, index };
}

/** An item's Expand or Collapse button, and whether it is open. */
const toggleOf = (item: HTMLElement | null) =>
  item?.querySelector<HTMLButtonElement>(':scope > .header button[aria-controls$="-body"]') ?? null;

/** Opens or closes the item of a wrapper, as its own button does. */
function setOpen(wrapper: HTMLElement | undefined, open: boolean) {
  const toggle = toggleOf(itemIn(wrapper));
  if (toggle && (toggle.getAttribute('aria-expanded') === 'true') !== open) toggle.click();
}

/**
 * After a save that put the list in another order: the CMS keeps open the place the person was at, which now holds
 * someone else. That place is closed again, and the item the person was in is opened at its new place, brought into
 * view, its choice focused.
 */
async function showKeptItem() {
  const kept = shownAfterSave;
  shownAfterSave = undefined;
  if (!kept) return;
  await nextFrame();
  const list = root().querySelector(`section[data-key-path="${kept.keyPath}"]`);
  if (!list) return;
  const left = await drawnAt(list, kept.from);
  const wasOpen = toggleOf(itemIn(left))?.getAttribute('aria-expanded') === 'true';
  setOpen(left, false);
  const wrapper = await drawnAt(list, kept.index);
  setOpen(wrapper, wasOpen);
  await nextFrame();
  offerEverywhere();
  wrapper?.scrollIntoView({ block: 'center' });
  focusChoice(list, wrapper);
}

export function offerPlaces() {
  document.addEventListener('focusin', (event) => {
    const wrapper = (event.target as Element | null)?.closest?.<HTMLElement>('.item-wrapper');
    if (wrapper) lastItem = wrapper;
  });
  cmsApi()?.registerEventListener({ name: 'postSave', handler: () => void showKeptItem() });
  let queued = false;
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      offerEverywhere();
    });
  };
  window.addEventListener(ENTRY_SHOWN, (event) => {
    entryData = (event as CustomEvent<Data | undefined>).detail;
    queue();
  });
  new MutationObserver(queue).observe(root(), { childList: true, subtree: true });
}
