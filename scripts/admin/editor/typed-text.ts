/**
 * Every key typed into a box the moment it is shown stays there. The CMS's
 * dialogs (Sveltia UI's Dialog: the sign-in with a token, prompts) put the
 * focus in their box as they open, then, 50 ms later, select the box's text,
 * so that the next key replaced whatever a person had typed by then ("github_pat_…"
 * became its last letters). A box typed into since it got the focus keeps its
 * text when a script selects it; one not typed into is selected as before.
 */
export function keepTypedText() {
  const typed = new WeakSet<EventTarget>();
  document.addEventListener('focusin', (event) => event.target && typed.delete(event.target), true);
  document.addEventListener('input', (event) => event.target && typed.add(event.target), true);
  const select = HTMLInputElement.prototype.select;
  HTMLInputElement.prototype.select = function (this: HTMLInputElement) {
    if (typed.has(this) && document.activeElement === this) return;
    select.call(this);
  };
}
