import { useEffect, useState, type FormEvent } from 'react';
import { buildMailto } from '../mailto.ts';

export interface ContactFormProps {
  /** The consortium's mailbox. */
  mailbox: string;
}

const fallbackSubject = encodeURIComponent('Website contact');

/**
 * Opens the visitor's mail application with the message filled in; nothing is
 * posted anywhere. Without JavaScript the form's own mailto: action does the
 * same in the browser's plain-text form encoding.
 */
export function ContactForm({ mailbox }: ContactFormProps) {
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const [toastOpen, setToastOpen] = useState(false);
  const submitting = pendingLink !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The browser has already run the required and type=email checks: submit
    // only fires for a valid form.
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setToastOpen(false);
    setPendingLink(buildMailto(mailbox, { name: field('name'), email: field('email'), message: field('message') }));
  };

  // Runs once "Sending..." has been painted, then hands over to the mail application.
  useEffect(() => {
    if (pendingLink === null) return;
    window.location.href = pendingLink;
    setPendingLink(null);
    setToastOpen(true);
  }, [pendingLink]);

  return (
    <>
      <form
        className="contact-form"
        action={`mailto:${mailbox}?subject=${fallbackSubject}`}
        method="post"
        encType="text/plain"
        onSubmit={onSubmit}
      >
        <div className="field">
          <label htmlFor="contact-name">Name</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" required />
        </div>
        <div className="field">
          <label htmlFor="contact-email">Email</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="field">
          <label htmlFor="contact-message">Message</label>
          <textarea id="contact-message" name="message" rows={4} required />
        </div>
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Sending...' : 'Send Message'}
        </button>
      </form>
      {/* The live region stays in the page, so screen readers announce what
          appears in it; the Dismiss button sits outside it, so it is not read
          as part of the message. */}
      <div className="toast-region">
        <div className={toastOpen ? 'toast' : undefined}>
          <div role="status">
            {toastOpen ? (
              <>
                <p className="toast__title">Email client opened</p>
                <p className="toast__description">Please send the email in your mail application.</p>
              </>
            ) : null}
          </div>
          {toastOpen ? (
            <button type="button" className="toast__close" onClick={() => setToastOpen(false)}>
              Dismiss
            </button>
          ) : null}
        </div>
      </div>
    </>
  );
}
