import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuLink {
  label: string;
  href: string;
}

export interface MobileMenuProps {
  links: MenuLink[];
  join: MenuLink;
}

/**
 * The slide-in menu for small screens, built on a modal <dialog>: the browser
 * makes the page behind it inert, closes it on Escape and hands focus back to
 * the menu button. Until this island has hydrated, its button stays hidden and
 * the header shows its plain links instead (see site.css), so the menu never
 * offers a control that does nothing.
 */
export function MobileMenu({ links, join }: MobileMenuProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A layout effect, so the header folds its links away while the page is
  // still loading: after load (a plain effect) the header would shrink under a
  // visitor who arrived at /#section, and the section would slide out of view.
  useLayoutEffect(() => setEnhanced(true), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => setOpen(false);

  // A modal dialog already keeps focus out of the page; this also keeps Tab
  // from wandering into the browser's own toolbar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
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
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        hidden={!enhanced}
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span>Menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id="site-menu"
        className="menu-panel"
        aria-label="Menu"
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus();
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
        <ul className="menu-panel__links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} onClick={close}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a className="button menu-panel__join" href={join.href} onClick={close}>
          {join.label}
        </a>
      </dialog>
    </>
  );
}
