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
