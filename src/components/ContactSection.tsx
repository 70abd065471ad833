import type { SiteSettings } from '../../content/types.ts';
import type { ContactFormText } from '../islands/ContactForm.tsx';
import { Island } from '../islands/Island.tsx';

/** The contact form's words beyond the spec's labels; they travel in the island's props, not in its script. */
export const contactFormText: ContactFormText = {
  needsScript:
    'This form needs JavaScript to send: without it, browsers change letters such as ë and signs such as & and + on the way to your mail application. Please write to {mailbox} instead.',
  tooLong: 'Your message is too long to pass to your mail application in one piece. Copy it, then paste it into an email to {mailbox}.',
  copy: 'Copy message',
  copied: 'Message copied. Paste it into an email to {mailbox}.',
  copyFailed: 'Your browser did not let this page copy. Your message is selected in the Message box: copy it and paste it into an email to {mailbox}.',
};

export function ContactSection({ site }: { site: SiteSettings }) {
  return (
    <>
      <section id="publications" className="section section--contact-intro" aria-labelledby="contact-us-title">
        <div className="section__inner">
          <h2 id="contact-us-title">Contact Us</h2>
          <p className="section__intro">{site.intros.contact}</p>
          <p className="contact-mailbox">
            {'Write to '}
            <a className="text-link" href={`mailto:${site.contactEmail}`}>
              {site.contactEmail}
            </a>
            {' or use the form below.'}
          </p>
        </div>
      </section>
      <section id="contact" className="section section--contact" aria-labelledby="join-title">
        <div className="section__inner contact">
          <div className="contact__text">
            <h2 id="join-title">Join Our Consortium</h2>
            <p>{site.intros.join}</p>
          </div>
          <Island name="ContactForm" props={{ mailbox: site.contactEmail, text: contactFormText }} />
        </div>
      </section>
    </>
  );
}
