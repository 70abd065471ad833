import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { mailtoIsValid } from '../scripts/links/check.ts';
import { email } from '../src/content/fields.ts';
import {
  buildMailto,
  contactBody,
  contactMailto,
  contactSubject,
  maxMailtoLength,
  subjectMailto,
} from '../src/mailto.ts';

/** Reads a mailto: link back the way a mail application does. */
function parseMailto(link: string) {
  const url = new URL(link);
  assert.equal(url.protocol, 'mailto:');
  // Split by hand: URLSearchParams would turn "+" into a space, which a mail application does not.
  const fields = Object.fromEntries(
    url.search
      .slice(1)
      .split('&')
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
      }),
  );
  return {
    to: decodeURIComponent(url.pathname),
    subject: fields.subject,
    body: fields.body,
    keys: Object.keys(fields),
  };
}

const mailbox = 'contact@eccron.example';

test('the subject says the contact came from the website and names the sender', () => {
  const parsed = parseMailto(
    buildMailto('contact@eccron.example', { name: 'Ana Lima', email: 'ana@example.org', message: 'Hello' }),
  );
  assert.equal(parsed.to, 'contact@eccron.example');
  assert.equal(parsed.subject, 'Website contact from Ana Lima');
  assert.match(parsed.body!, /Name: Ana Lima\nEmail: ana@example.org\n\nMessage:\nHello$/);
});

test('characters with a meaning in URLs arrive exactly as typed', () => {
  const contact = {
    name: "Zoë & O'Brien #1 ?x=y",
    email: 'zoe+test@example.org',
    message: '100% sure & a=b\nsecond line 😀 #tag ?q',
  };
  const parsed = parseMailto(buildMailto('contact@eccron.example', contact));
  assert.deepEqual(parsed.keys, ['subject', 'body'], 'no character of the input may start a new field');
  assert.equal(parsed.subject, contactSubject(contact.name));
  assert.equal(parsed.body, contactBody(contact));
  assert.ok(parsed.body!.includes(contact.message));
});

test('decoding the link gives back exactly what was typed, for any text', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'grapheme' }),
      (name, email, message) => {
        const parsed = parseMailto(buildMailto('contact@eccron.example', { name, email, message }));
        assert.deepEqual(parsed.keys, ['subject', 'body']);
        assert.equal(parsed.subject, contactSubject(name));
        assert.equal(parsed.body, contactBody({ name, email, message }));
      },
    ),
    { numRuns: 500 },
  );
});

test('a lone surrogate (pasted broken text) becomes U+FFFD instead of crashing the form', () => {
  const parsed = parseMailto(
    buildMailto('contact@eccron.example', { name: 'A\uD800B', email: 'a@b.org', message: 'x' }),
  );
  assert.equal(parsed.subject, 'Website contact from A\uFFFDB');
});

test('a 10,000-character message is too long for a mail link, in ASCII or not', () => {
  const ascii = 'Dear ECCroN, a long message. '.repeat(400).slice(0, 10_000);
  const accented = 'Zoë Ødegård-Łukasz & co + 🧠\n'.repeat(400).slice(0, 10_000);
  for (const message of [ascii, accented]) {
    assert.equal(message.length, 10_000);
    assert.equal(
      contactMailto(mailbox, { name: 'Zoë', email: 'zoe@example.org', message }),
      null,
      message.slice(0, 30),
    );
  }
});

test('the limit is measured on the encoded link, so non-ASCII text counts as it travels', () => {
  const contact = (message: string) => ({ name: 'Ana', email: 'ana@example.org', message });
  // 400 characters either way; "ë" travels as %C3%AB, six characters.
  assert.ok(contactMailto(mailbox, contact('e'.repeat(400))), 'plain letters fit');
  assert.equal(contactMailto(mailbox, contact('ë'.repeat(400))), null, 'encoded, they do not');
});

test('a message whose link is exactly at the limit opens; one character more does not', () => {
  const base = { name: 'Ana Lima', email: 'ana@example.org' };
  const room = maxMailtoLength - buildMailto(mailbox, { ...base, message: '' }).length;
  const atLimit = contactMailto(mailbox, { ...base, message: 'x'.repeat(room) });
  assert.equal(atLimit?.length, maxMailtoLength);
  assert.equal(parseMailto(atLimit!).body, contactBody({ ...base, message: 'x'.repeat(room) }), 'nothing is cut');
  assert.equal(contactMailto(mailbox, { ...base, message: 'x'.repeat(room + 1) }), null);
});

test('every link the form opens is within the limit and gives back exactly what was typed', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 1200 }),
      (name, email, message) => {
        const link = contactMailto(mailbox, { name, email, message });
        if (link === null) return;
        assert.ok(link.length <= maxMailtoLength, `${link.length} characters`);
        const parsed = parseMailto(link);
        assert.equal(parsed.subject, contactSubject(name));
        assert.equal(parsed.body, contactBody({ name, email, message }));
      },
    ),
    { numRuns: 300 },
  );
});

test('the link for writing by hand carries the subject, or only the mailbox when the name is too long for it', () => {
  const parsed = parseMailto(subjectMailto(mailbox, 'Zoë Ødegård-Łukasz & + 🧠'));
  assert.equal(parsed.to, mailbox);
  assert.deepEqual(parsed.keys, ['subject']);
  assert.equal(parsed.subject, 'Website contact from Zoë Ødegård-Łukasz & + 🧠');
  assert.equal(subjectMailto(mailbox, 'Ł'.repeat(1000)), `mailto:${mailbox}`);
});

test('one e-mail rule: the content check and the link checker accept every address fast-check makes by RFC 5322, and refuse the same mistakes', () => {
  const accepted = (address: string) => {
    const byContent = v.is(email, address);
    assert.equal(mailtoIsValid(`mailto:${encodeURIComponent(address)}`), byContent, address);
    return byContent;
  };
  fc.assert(fc.property(fc.emailAddress(), (address) => assert.ok(accepted(address), address)));
  for (const wrong of ['office(at)fixture.example', 'office@fixture', 'a@-x.example', 'a@x_y.example', 'a@x.example1'])
    assert.equal(accepted(wrong), false, wrong);
});
