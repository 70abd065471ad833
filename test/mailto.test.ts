import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildMailto, contactBody, contactSubject } from '../src/mailto.ts';

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
  return { to: decodeURIComponent(url.pathname), subject: fields.subject, body: fields.body, keys: Object.keys(fields) };
}

test('the subject says the contact came from the website and names the sender', () => {
  const parsed = parseMailto(buildMailto('contact@eccron.example', { name: 'Ana Lima', email: 'ana@example.org', message: 'Hello' }));
  assert.equal(parsed.to, 'contact@eccron.example');
  assert.equal(parsed.subject, 'Website contact from Ana Lima');
  assert.match(parsed.body!, /Name: Ana Lima\nEmail: ana@example.org\n\nMessage:\nHello$/);
});

test('characters with a meaning in URLs arrive exactly as typed', () => {
  const contact = { name: "Zoë & O'Brien #1 ?x=y", email: 'zoe+test@example.org', message: '100% sure & a=b\nsecond line 😀 #tag ?q' };
  const parsed = parseMailto(buildMailto('contact@eccron.example', contact));
  assert.deepEqual(parsed.keys, ['subject', 'body'], 'no character of the input may start a new field');
  assert.equal(parsed.subject, contactSubject(contact.name));
  assert.equal(parsed.body, contactBody(contact));
  assert.ok(parsed.body!.includes(contact.message));
});

test('decoding the link gives back exactly what was typed, for any text', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (name, email, message) => {
      const parsed = parseMailto(buildMailto('contact@eccron.example', { name, email, message }));
      assert.deepEqual(parsed.keys, ['subject', 'body']);
      assert.equal(parsed.subject, contactSubject(name));
      assert.equal(parsed.body, contactBody({ name, email, message }));
    }),
    { numRuns: 500 },
  );
});

test('a lone surrogate (pasted broken text) becomes U+FFFD instead of crashing the form', () => {
  const parsed = parseMailto(buildMailto('contact@eccron.example', { name: 'A\uD800B', email: 'a@b.org', message: 'x' }));
  assert.equal(parsed.subject, 'Website contact from A\uFFFDB');
});
