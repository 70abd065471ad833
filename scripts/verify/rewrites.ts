/**
 * The rewrites of HTML a host may make that `npm run verify` tolerates, each
 * only when named with --allow-rewrite. Each is undone exactly as the host
 * made it, and the page must then be the build's bytes: nothing else on the
 * page may differ, and an address the host encoded must decode to the one the
 * build wrote.
 *
 * - cloudflare-email: Cloudflare's Email Address Obfuscation (on by default
 *   for proxied sites). Each address becomes a hex string whose first byte is
 *   a key XORed into the rest: a mailto: link's href becomes
 *   /cdn-cgi/l/email-protection#HEX, an address in text
 *   <span class="__cf_email__" data-cfemail="HEX">[email&#160;protected]</span>
 *   (or the same as an <a href="/cdn-cgi/l/email-protection"> outside a link),
 *   and a <script data-cfasync="false" src="/cdn-cgi/scripts/…/cloudflare-static/email-decode.min.js">
 *   is added; the forms are those Cloudflare's own decoder reads.
 * - cloudflare-analytics: Cloudflare Web Analytics set up without code, which
 *   adds its beacon, <script defer src="https://static.cloudflareinsights.com/beacon.min.js…"
 *   data-cf-beacon='{…}'></script>, before </body> (Cloudflare Pages wraps it
 *   in <!-- Cloudflare Pages Analytics --> comments).
 */

export const rewriteNames = ['cloudflare-email', 'cloudflare-analytics'] as const;
export type RewriteName = (typeof rewriteNames)[number];

/** What each rewrite is, for the command's usage and its report. */
export const rewriteDescriptions: Record<RewriteName, string> = {
  'cloudflare-email': "Cloudflare's Email Address Obfuscation",
  'cloudflare-analytics': "Cloudflare Web Analytics' beacon, added without code",
};

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
const emailDecoder =
  /<script data-cfasync="false" src="\/cdn-cgi\/scripts\/[0-9a-f]+\/cloudflare-static\/email-decode\.min\.js"><\/script>/g;

function undoCloudflareEmail(html: string): string {
  let text = html;
  emailForms.forEach((form, index) => {
    text = text.replace(form, (whole, hex: string) => {
      const address = cloudflareDecoded(hex);
      if (address === undefined) return whole;
      return index === 2 ? `mailto:${address}` : address;
    });
  });
  return text.replace(emailDecoder, '');
}

const analyticsBeacon =
  /(?:<!-- Cloudflare Pages Analytics -->)?<script defer src=(["'])https:\/\/static\.cloudflareinsights\.com\/beacon\.min\.js[^"']*\1[^<>]*? data-cf-beacon='[^'<>]*'[^<>]*><\/script>(?:<!-- Cloudflare Pages Analytics -->)?(?=\s*<\/body>)/g;

const undo: Record<RewriteName, (html: string) => string> = {
  'cloudflare-email': undoCloudflareEmail,
  'cloudflare-analytics': (html) => html.replace(analyticsBeacon, ''),
};

/** The page with each allowed rewrite undone, and the names of those that changed something. */
export function undoRewrites(html: string, allowed: readonly RewriteName[]): { html: string; undone: RewriteName[] } {
  const undone: RewriteName[] = [];
  let text = html;
  for (const name of allowed) {
    const before = text;
    text = undo[name](text);
    if (text !== before) undone.push(name);
  }
  return { html: text, undone };
}
