import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { SiteSettings } from '../content-schema.ts';
import { contactBody, contactMailto, subjectMailto } from '../mailto.ts';

/** The form's words beyond the spec's fixed labels, from the site settings; "{mailbox}" marks where the mailbox link goes. */
type ContactFormText = SiteSettings['contactForm'];

export interface ContactFormProps {
  /** The consortium's mailbox. */
  mailbox: string;
  text: ContactFormText;
}

type CopyState = 'waiting' | 'copied' | 'failed';

function withLink(text: string, link: ReactNode) {
  const [before, after] = text.split('{mailbox}');
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

/** The form's fields, disabled until the island runs (see ContactForm). */
function ContactFields({ enhanced, messageRef }: { enhanced: boolean; messageRef: Ref<HTMLTextAreaElement> }) {
  return (
    <>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required disabled={!enhanced} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" name="email" type="email" autoComplete="email" required disabled={!enhanced} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={4} required disabled={!enhanced} ref={messageRef} />
      </div>
    </>
  );
}

/**
 * "Email client opened". The live region stays in the page, so screen readers
 * announce what appears in it; the Dismiss button sits outside it, so it is
 * not read as part of the message.
 */
function Toast({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  return (
    <div className="toast-region">
      <div className={open ? 'toast' : undefined}>
        <div role="status">
          {open ? (
            <>
              <p className="toast__title">Email client opened</p>
              <p className="toast__description">Please send the email in your mail application.</p>
            </>
          ) : null}
        </div>
        {open ? (
          <button type="button" className="toast__close" onClick={onDismiss}>
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * What the form does on submit: the mail link is followed once "Sending..."
 * has been painted; a message too long for one is kept for copying instead,
 * from the clipboard or, without one, from the message box, selected.
 */
function useMailHandover(mailbox: string) {
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const [toastOpen, setToastOpen] = useState(false);
  const [tooLong, setTooLong] = useState<{ body: string; link: string } | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('waiting');
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The browser has already run the required and type=email checks: submit
    // only fires for a valid form.
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const contact = { name: field('name'), email: field('email'), message: field('message') };
    const link = contactMailto(mailbox, contact);
    setToastOpen(false);
    setCopyState('waiting');
    setTooLong(link ? null : { body: contactBody(contact), link: subjectMailto(mailbox, contact.name) });
    setPendingLink(link);
  };

  // Runs once "Sending..." has been painted, then hands over to the mail application.
  useEffect(() => {
    if (pendingLink === null) return;
    window.location.href = pendingLink;
    setPendingLink(null);
    setToastOpen(true);
  }, [pendingLink]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tooLong!.body);
      setCopyState('copied');
    } catch {
      // No clipboard (an insecure page) or refused: the visitor copies by hand.
      messageRef.current?.select();
      setCopyState('failed');
    }
  };

  return { onSubmit, submitting: pendingLink !== null, toastOpen, setToastOpen, tooLong, copyState, copy, messageRef };
}

/**
 * Opens the visitor's mail application with the message filled in; nothing is
 * posted anywhere. Browsers garble a form they post to mailto: themselves
 * (Chromium re-encodes UTF-8 as Latin-1 and turns & into a line break and +
 * into a space), so until this island runs the fields are disabled and the
 * form points to the mailbox instead. A message too long for a mail link is
 * offered for copying, never cut.
 */
export function ContactForm({ mailbox, text }: ContactFormProps) {
  const [enhanced, setEnhanced] = useState(false);
  const { onSubmit, submitting, toastOpen, setToastOpen, tooLong, copyState, copy, messageRef } =
    useMailHandover(mailbox);

  // The server's markup and the first render here are the same disabled form, so hydration matches.
  useEffect(() => setEnhanced(true), []);

  const notice = { waiting: text.tooLong, copied: text.copied, failed: text.copyFailed }[copyState];

  return (
    <>
      <form className="contact-form" onSubmit={onSubmit}>
        {enhanced ? null : (
          <p className="contact-form__offline">
            {withLink(
              text.needsScript,
              <a className="text-link" href={`mailto:${mailbox}`}>
                {mailbox}
              </a>,
            )}
          </p>
        )}
        <ContactFields enhanced={enhanced} messageRef={messageRef} />
        <button type="submit" className="button" disabled={!enhanced || submitting} aria-busy={submitting}>
          {submitting ? 'Sending...' : 'Send Message'}
        </button>
      </form>
      {/* Polite, and in the page from the start, so what appears in it is announced. */}
      <div className="contact-notice" role="status">
        {tooLong ? (
          <p>
            {withLink(
              notice,
              <a className="text-link" href={tooLong.link}>
                {mailbox}
              </a>,
            )}
          </p>
        ) : null}
      </div>
      {tooLong ? (
        <button type="button" className="button button--outline contact-notice__copy" onClick={copy}>
          {text.copy}
        </button>
      ) : null}
      <Toast open={toastOpen} onDismiss={() => setToastOpen(false)} />
    </>
  );
}
