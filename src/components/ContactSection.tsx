import type { SiteSettings } from '../content-schema.ts';
import { Island } from '../islands/Island.tsx';

export function ContactSection({ site }: { site: SiteSettings }) {
  return (
    <>
      <section id="publications" className="section section--contact-intro" aria-labelledby="contact-us-title">
        <div className="section__inner">
          <h2 id="contact-us-title">{site.headings.contact}</h2>
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
            <h2 id="join-title">{site.headings.join}</h2>
            <p>{site.intros.join}</p>
          </div>
          <Island name="ContactForm" props={{ mailbox: site.contactEmail, text: site.contactForm }} />
        </div>
      </section>
    </>
  );
}
