/**
 * One main landmark and one top heading: the page's root is the main landmark,
 * and the page's title its level-one heading, only while the CMS draws none of
 * its own (its entry lists and editor have none).
 */
import { root } from './page.ts';

/** The page's title as its level-one heading, for the views where the CMS draws none (read, not seen). */
const heading = () => {
  const existing = document.getElementById('eccron-title');
  if (existing) return existing;
  const made = Object.assign(document.createElement('h1'), { id: 'eccron-title', textContent: document.title });
  made.className = 'eccron-visually-hidden';
  root().prepend(made);
  return made;
};

/** The root is the page's main landmark while the CMS shows no main of its own (sign-in, the entry editor). */
function keepOneMain() {
  const title = heading();
  const visible = (selector: string) =>
    [...root().querySelectorAll(selector)].some((element) => element !== title && element.checkVisibility());
  const cmsMain = visible('main, [role="main"]');
  if (cmsMain) root().removeAttribute('role');
  else root().setAttribute('role', 'main');
  // Inside the root's main landmark, where the CMS draws neither its own main nor a level-one heading.
  title.hidden = cmsMain || visible('h1');
}

/**
 * Landmarks kept as the CMS draws, and `onChange` told of each change. Whether the CMS shows a main or a heading of
 * its own asks the browser to work out the page's styles: once a frame, before it is drawn, not at each of the many
 * changes the CMS makes to draw one screen (which made the browser work them out again each time).
 */
export function keepLandmarks(onChange: () => void) {
  heading();
  let queued = false;
  new MutationObserver(() => {
    onChange();
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      keepOneMain();
    });
  }).observe(root(), { childList: true, subtree: true });
  keepOneMain();
}
