import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';

interface MenuLink {
  label: string;
  href: string;
  /** The link of the part of the site this page belongs to. */
  current?: boolean;
}

export interface MobileMenuProps {
  links: MenuLink[];
  join: MenuLink;
}

const MenuIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);

function MenuLinks({ links, onChoose }: { links: MenuLink[]; onChoose?: (href: string) => void }) {
  return (
    <ul className="menu-panel__links">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            aria-current={link.current ? 'page' : undefined}
            onClick={onChoose && (() => onChoose(link.href))}
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The built page's menu, which works without JavaScript: a disclosure that
 * opens the links below the header. It has the size and place of the menu
 * button, so the header has its final shape from the first paint.
 */
function MenuDisclosure({ links, join, detailsRef }: MobileMenuProps & { detailsRef?: Ref<HTMLDetailsElement> }) {
  return (
    <details className="menu-disclosure" ref={detailsRef}>
      <summary className="menu-button">
        <MenuIcon />
        <span>Menu</span>
      </summary>
      <nav className="menu-disclosure__panel" aria-label="Menu">
        <MenuLinks links={links} />
        <a className="button menu-panel__join" href={join.href}>
          {join.label}
        </a>
      </nav>
    </details>
  );
}

/** The section a link leads to on this page, if it stays on this page. */
const sectionOnThisPage = (href: string): HTMLElement | null => {
  const url = new URL(href, location.href);
  if (url.pathname !== location.pathname || url.hash.length < 2) return null;
  return document.getElementById(decodeURIComponent(url.hash.slice(1)));
};

/**
 * The menu's state, taken over from the built disclosure: whether the island
 * has taken the disclosure's place, whether the menu is open, and where the
 * focus was, carried over to the dialog. A layout effect, so the button takes
 * the disclosure's place before the next paint: the two have the same size,
 * and nothing moves.
 */
function useMenuState() {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  /** Which control of the disclosure had the focus when the island took over: -1 its summary, else the nth link. */
  const focused = useRef<number | null>(null);
  useLayoutEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const takeOver = () => {
      const active = document.activeElement;
      const link = active ? [...details.querySelectorAll('a[href]')].indexOf(active) : -1;
      focused.current = active === details.firstElementChild ? -1 : link >= 0 ? link : null;
      setOpen(details.open);
      setEnhanced(true);
    };
    // A press on the disclosure that has begun (finger or mouse down, Space
    // held) ends on the disclosure: swapped now, its release would land on
    // the button, and the tap would be lost.
    if (!details.matches(':active')) return takeOver();
    const release = () => {
      removeEventListener('pointerup', release, true);
      removeEventListener('pointercancel', release, true);
      removeEventListener('keyup', release, true);
      // After the click that follows the release has opened or closed the disclosure.
      setTimeout(takeOver);
    };
    addEventListener('pointerup', release, true);
    addEventListener('pointercancel', release, true);
    addEventListener('keyup', release, true);
  }, []);

  // The dialog opens and closes with `open`, and the focus the disclosure had goes to the same control here.
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    const carried = focused.current;
    if (!enhanced || carried === null) return;
    focused.current = null;
    if (carried === -1 && !open) buttonRef.current?.focus();
    else if (carried >= 0) dialog.querySelectorAll<HTMLElement>('a[href]')[carried]?.focus();
  }, [open, enhanced]);
  return { enhanced, open, setOpen, detailsRef, dialogRef, buttonRef };
}

/** After a choice, the chosen section's heading has the focus; else the menu button has it back. */
function focusAfterClose(section: HTMLElement | null, button: HTMLButtonElement | null) {
  const heading = section?.querySelector<HTMLElement>('h1, h2');
  if (!heading) {
    button?.focus();
    return;
  }
  // Focusable by script only: the heading does not become a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  // The link itself scrolls the section into view (smoothly, perhaps): leave that alone.
  heading.focus({ preventScroll: true });
}

/**
 * A modal dialog already keeps focus out of the page; this also keeps Tab
 * from wandering into the browser's own toolbar.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The slide-in menu for small screens, built on a modal <dialog>: the browser
 * makes the page behind it inert, closes it on Escape and hands focus back to
 * the menu button. It takes the disclosure's place once hydrated, and takes
 * over what the visitor did with it meanwhile: open stays open, and the focus
 * moves to the same control. After a choice, the focus moves to the chosen
 * section's heading, so the next Tab goes on from there and not from the top
 * of the page.
 */
export function MobileMenu({ links, join }: MobileMenuProps) {
  const { enhanced, open, setOpen, detailsRef, dialogRef, buttonRef } = useMenuState();
  const chosen = useRef<HTMLElement | null>(null);

  const close = () => setOpen(false);
  const choose = (href: string) => {
    chosen.current = sectionOnThisPage(href);
    close();
  };

  if (!enhanced) return <MenuDisclosure links={links} join={join} detailsRef={detailsRef} />;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <span>Menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id="site-menu"
        className="menu-panel"
        aria-label="Menu"
        onClose={() => {
          setOpen(false);
          const section = chosen.current;
          chosen.current = null;
          focusAfterClose(section, buttonRef.current);
        }}
        onKeyDown={keepFocusInside}
      >
        <div className="menu-panel__head">
          <span className="menu-panel__title">Menu</span>
          <button type="button" className="menu-panel__close" onClick={close}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <MenuLinks links={links} onChoose={choose} />
        <a className="button menu-panel__join" href={join.href} onClick={() => choose(join.href)}>
          {join.label}
        </a>
      </dialog>
    </>
  );
}
