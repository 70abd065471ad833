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

export function keepLandmarks(onChange: () => void) {
  heading();
  new MutationObserver(() => {
    keepOneMain();
    onChange();
  }).observe(root(), { childList: true, subtree: true });
  keepOneMain();
}
