/**
 * The rewrites of HTML a host may make that `npm run verify` tolerates, each
 * only when named with --allow-rewrite. Each is undone exactly as the host
 * makes it, where it makes it, once, and only where it can occur; the page
 * must then be the build's bytes: nothing else on the page may differ, an
 * address the host encoded must decode to the one the build wrote, and a
 * script the host adds anywhere else, or twice, or with another attribute or
 * address, stays a difference. The forms are Cloudflare's own (its source,
 * and pages saved from sites it serves: test/fixtures/cloudflare/README.md).
 *
 * - cloudflare-email: Cloudflare's Email Address Obfuscation (on by default
 *   for proxied sites). Each address becomes a hex string whose first byte is
 *   a key XORed into the rest (its UTF-8 bytes): a mailto: link's href becomes
 *   /cdn-cgi/l/email-protection#HEX, an address in text
 *   <span class="__cf_email__" data-cfemail="HEX">[email&#160;protected]</span>
 *   (or the same as an <a href="/cdn-cgi/l/email-protection"> outside a link),
 *   the forms its decoder reads; and on a page where it encoded an address it
 *   adds its decoder, <script data-cfasync="false"
 *   src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>,
 *   once, before the first <script> after the first address it encoded, or
 *   before </body> when none follows (before </body> on every page this site
 *   builds, which has no script in its body).
 * - cloudflare-analytics: Cloudflare Web Analytics set up without code, which
 *   adds its beacon before </body>: Cloudflare Pages, on a page it serves
 *   (200, not its 404 answer), `<!-- Cloudflare Pages Analytics --><script
 *   defer src='https://static.cloudflareinsights.com/beacon.min.js'
 *   data-cf-beacon='{"token": "…"}'></script><!-- Cloudflare Pages Analytics -->`;
 *   a proxied site's edge `<script defer
 *   src="https://static.cloudflareinsights.com/beacon.min.js/v…"
 *   integrity="sha512-…" data-cf-beacon='{…}' crossorigin="anonymous"></script>`
 *   (before 2022 without the version, the integrity and, before 2021.11,
 *   crossorigin). Its data-cf-beacon is a JSON object of the fields
 *   Cloudflare writes (a token, a ray id, a version…), nothing that can end
 *   the attribute.
 */

export const rewriteNames = ['cloudflare-email', 'cloudflare-analytics'] as const;
export type RewriteName = (typeof rewriteNames)[number];

/** What each rewrite is, for the command's usage and its report. */
export const rewriteDescriptions: Record<RewriteName, string> = {
  'cloudflare-email': "Cloudflare's Email Address Obfuscation",
  'cloudflare-analytics': "Cloudflare Web Analytics' beacon, added without code",
};

/** Where the page was served: a page of the build (200), or the 404 page answering an address no build writes. */
export interface RewriteContext {
  notFound: boolean;
}

/** An address as Cloudflare encodes it: the first byte the key, each next one a byte of the UTF-8 text XOR the key. */
function cloudflareDecoded(hex: string): string | undefined {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  const key = bytes[0]!;
  const text = Buffer.from(bytes.subarray(1).map((byte) => byte ^ key));
  const decoded = text.toString('utf8');
  return Buffer.from(decoded, 'utf8').equals(text) ? decoded : undefined;
}

const protectedText = String.raw`\[email(?:&#160;|&nbsp;| )protected\]`;
const emailForms = [
  // An address in text outside a link, as a link to the protection page.
  new RegExp(
    `<a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="([0-9a-f]+)">${protectedText}</a>`,
    'gi',
  ),
  // An address in text.
  new RegExp(`<span class="__cf_email__" data-cfemail="([0-9a-f]+)">${protectedText}</span>`, 'gi'),
  // A mailto: link's address: the rest of the link is as it was.
  /(?<=\shref=")\/cdn-cgi\/l\/email-protection#([0-9a-f]+)(?=")/gi,
];

/** Cloudflare's decoder of the addresses, as it adds it: this path, these attributes, in this order. */
const emailDecoder =
  '<script data-cfasync="false" src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>';

/** Where the first encoded address ends in the page, or -1 without one (an encoding that does not decode is none). */
function firstAddressEnd(html: string): number {
  let end = -1;
  for (const form of emailForms)
    for (const match of html.matchAll(form))
      if (cloudflareDecoded(match[1]!) !== undefined && (end === -1 || match.index + match[0].length < end))
        end = match.index + match[0].length;
  return end;
}

const scriptTag = /<script[\s>]/gi;

/** The page with its addresses decoded and the decoder taken out of its one place; as it was if either is missing. */
function undoCloudflareEmail(html: string): string {
  const after = firstAddressEnd(html);
  if (after === -1) return html;
  scriptTag.lastIndex = after;
  const at = scriptTag.exec(html)?.index ?? -1;
  const rest = html.slice(at + emailDecoder.length);
  if (at === -1 || !html.startsWith(emailDecoder, at) || !/^(?:<script[\s>]|<\/body>)/i.test(rest)) return html;
  let text = html.slice(0, at) + rest;
  emailForms.forEach((form, index) => {
    text = text.replace(form, (whole, hex: string) => {
      const address = cloudflareDecoded(hex);
      if (address === undefined) return whole;
      return index === 2 ? `mailto:${address}` : address;
    });
  });
  return text;
}

const insightsOrigin = String.raw`https:\/\/static\.cloudflareinsights\.com\/beacon\.min\.js`;
/** Cloudflare Pages' beacon, as its asset server appends it to <body> of a page it serves. */
const pagesBeacon = new RegExp(
  String.raw`<!-- Cloudflare Pages Analytics --><script defer src='${insightsOrigin}' data-cf-beacon='\{"token": "[0-9a-f]{32}"\}'><\/script><!-- Cloudflare Pages Analytics -->$`,
);
/** A proxied site's beacon: the 2022 form with its version and integrity, or the 2021 forms without them. */
const edgeBeacon = new RegExp(
  String.raw`<script defer src="${insightsOrigin}(?:(\/v[0-9a-f]{32}[0-9]{13})" integrity="sha512-[A-Za-z0-9+/]{86}=="|")` +
    String.raw` data-cf-beacon='(\{[^'<>&]{1,1024}\})'( crossorigin="anonymous")?><\/script>$`,
);

/** The fields Cloudflare writes in data-cf-beacon, each as it writes them; any other field, or value, is no beacon of its. */
const beaconFields: Record<string, (value: unknown) => boolean> = {
  token: (value) => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value),
  rayId: (value) => typeof value === 'string' && /^[0-9a-f]{16}$/.test(value),
  version: (value) => typeof value === 'string' && /^\d{4}\.\d{1,2}\.\d{1,2}$/.test(value),
  si: (value) => Number.isInteger(value),
  r: (value) => Number.isInteger(value),
  b: (value) => Number.isInteger(value),
  spa: (value) => typeof value === 'boolean' || Number.isInteger(value),
  serverTiming: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  server_timing: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

function isBeaconData(text: string): boolean {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  return Object.entries(data).every(([field, value]) => beaconFields[field]?.(value) === true);
}

/** The page without the beacon just before its last </body>; as it was when that is not Cloudflare's beacon. */
function undoCloudflareAnalytics(html: string, context: RewriteContext): string {
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  const before = html.slice(0, end);
  const pages = context.notFound ? null : pagesBeacon.exec(before);
  if (pages) return before.slice(0, pages.index) + html.slice(end);
  const edge = edgeBeacon.exec(before);
  // The versioned address comes with its integrity and crossorigin (2022); the 2021 forms have neither version nor integrity.
  if (!edge || (edge[1] !== undefined && edge[3] === undefined) || !isBeaconData(edge[2]!)) return html;
  return before.slice(0, edge.index) + html.slice(end);
}

const undo: Record<RewriteName, (html: string, context: RewriteContext) => string> = {
  'cloudflare-email': undoCloudflareEmail,
  'cloudflare-analytics': undoCloudflareAnalytics,
};

/**
 * The page with the allowed rewrites undone, once for each order they may have been made in (a decoder added before
 * the beacon's script, or the beacon after the decoder), each with the names of those that changed something.
 */
export function undoRewrites(
  html: string,
  allowed: readonly RewriteName[],
  context: RewriteContext,
): { html: string; undone: RewriteName[] }[] {
  const names = [...new Set(allowed)];
  const orders = names.length === 2 ? [names, [...names].reverse()] : [names];
  return orders.map((order) => {
    const undone: RewriteName[] = [];
    let text = html;
    for (const name of order) {
      const before = text;
      text = undo[name](text, context);
      if (text !== before) undone.push(name);
    }
    return { html: text, undone: rewriteNames.filter((name) => undone.includes(name)) };
  });
}

/**
 * How many bytes the allowed rewrites can add to a page of `built` bytes holding `ats` @ signs: each address grows by
 * at most its own length and 101 bytes (in text, as a link to the protection page), the decoder and a beacon by at
 * most 2 KB. A longer answer cannot be the build's page however it was rewritten.
 */
export function rewriteRoom(built: Buffer, allowed: readonly RewriteName[]): number {
  if (allowed.length === 0) return 0;
  let ats = 0;
  for (const byte of built) if (byte === 0x40) ats += 1;
  return built.length + 128 * ats + 4096;
}
