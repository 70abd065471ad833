/**
 * The contact form's mail link. Every part is percent-encoded as UTF-8, so
 * whatever a visitor types (&, ?, #, %, +, line breaks, emoji) reaches the
 * mail application exactly as typed.
 */

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/**
 * The longest mail link the form hands over, counted on the encoded link (so
 * an "ë" counts 6 characters and an emoji 12, as they travel). No standard
 * sets a limit; applications do: Internet Explorer stopped at 2,083
 * characters (Microsoft KB 208427), and Chrome handing links to Outlook has
 * been reported to fail from about 2,000. Above this a message cannot be
 * trusted to arrive whole, so the form offers copying instead of a cut link.
 */
export const maxMailtoLength = 2000;

export function contactSubject(name: string): string {
  return `Website contact from ${name}`;
}

export function contactBody({ name, email, message }: ContactMessage): string {
  return `Name: ${name}\nEmail: ${email}\n\nMessage:\n${message}`;
}

// encodeURIComponent throws on a lone surrogate; a browser never hands us one
// from a text field, but pasted data might, and a form must not crash on it.
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

export function buildMailto(to: string, contact: ContactMessage): string {
  return `mailto:${to}?subject=${encode(contactSubject(contact.name))}&body=${encode(contactBody(contact))}`;
}

/** The whole message as a mail link, or null when it is too long to arrive whole. */
export function contactMailto(to: string, contact: ContactMessage): string | null {
  const link = buildMailto(to, contact);
  return link.length <= maxMailtoLength ? link : null;
}

/** A link for writing the message by hand: the subject filled in when it fits, else the bare mailbox. */
export function subjectMailto(to: string, name: string): string {
  const link = `mailto:${to}?subject=${encode(contactSubject(name))}`;
  return link.length <= maxMailtoLength ? link : `mailto:${to}`;
}
