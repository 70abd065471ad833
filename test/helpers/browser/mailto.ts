import assert from 'node:assert/strict';

/** Splits a mailto: link the way a mail application reads it (RFC 6068: '+' is a plus sign). */
export function parseMailto(link: string): { to: string; fields: Map<string, string> } {
  assert.ok(link.startsWith('mailto:'), `${link} is a mailto: link`);
  const rest = link.slice('mailto:'.length);
  const queryAt = rest.indexOf('?');
  const to = decodeURIComponent(queryAt === -1 ? rest : rest.slice(0, queryAt));
  const fields = new Map<string, string>();
  if (queryAt !== -1) {
    for (const pair of rest.slice(queryAt + 1).split('&')) {
      const equals = pair.indexOf('=');
      assert.ok(equals > 0, `"${pair}" is a name=value pair of ${link}`);
      const name = decodeURIComponent(pair.slice(0, equals)).toLowerCase();
      assert.ok(!fields.has(name), `${name} appears once in ${link}`);
      fields.set(name, decodeURIComponent(pair.slice(equals + 1)));
    }
  }
  return { to, fields };
}
