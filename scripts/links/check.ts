import { doiOfUrl, doiUrl } from '../../src/doi.ts';
import { EMAIL_PATTERN, percentDecoded } from '../../src/urls.ts';
import type { HttpClient, HttpResult } from '../lib/http-client.ts';
import type { Group, LinkResult } from './types.ts';

export interface CheckSettings {
  /** The DOI handle API, such as https://doi.org/api/handles (no trailing slash). */
  doiHandleApi: string;
  /** ORCID's public API, such as https://pub.orcid.org/v3.0 (no trailing slash). */
  orcidApi: string;
  /** The longest Retry-After waited for; a longer one leaves the link unverified. */
  retryAfterCapMs: number;
  /** The pause before asking a server again after a 5xx without Retry-After. */
  retryDelayMs: number;
}

const refused = 'the site refused an automated check; open it in a browser';
/** What a transient failure adds: it is not kept, so the next run asks again. */
const askedAgain = 'not kept: the next run asks again';

const orcidUrl = /^https?:\/\/orcid\.org\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\/?$/i;

/** The ORCID iD an orcid.org address names, or undefined. */
export function orcidOf(url: string): string | undefined {
  return orcidUrl.exec(url)?.[1]?.toUpperCase();
}

/** Whether a mailto: link is well-formed: one or more addresses, each local@domain with a dotted domain. */
export function mailtoIsValid(url: string): boolean {
  const recipients = percentDecoded(url.slice('mailto:'.length).split('?')[0]!);
  return recipients?.split(',').every((address) => EMAIL_PATTERN.test(address.trim())) ?? false;
}

/** Checks one address by the means that fits it: the DOI API, ORCID's API, its syntax, or the site itself. */
export async function checkLink(url: string, client: HttpClient, settings: CheckSettings): Promise<LinkResult> {
  const result = (group: Group, detail: string, newUrl?: string, transient?: true): LinkResult => ({
    url,
    group,
    detail,
    ...(newUrl ? { newUrl } : {}),
    checkedAt: new Date(client.clock.now()).toISOString(),
    ...(transient ? { transient } : {}),
  });

  if (url.startsWith('mailto:')) {
    return mailtoIsValid(url)
      ? result('fine', 'a well-formed e-mail address (checked by its form only; nothing is sent)')
      : result('broken', 'not a well-formed e-mail address');
  }

  if (!URL.canParse(url)) return result('broken', 'not an address a browser can follow');

  const doi = doiOfUrl(url);
  const orcid = orcidOf(url);
  const outcome = doi
    ? await checkDoi(doi, client, settings)
    : orcid
      ? await checkOrcid(orcid, client, settings)
      : await followRedirects(url, client, settings);
  return result(outcome.group, outcome.detail, outcome.newUrl, outcome.transient);
}

/** A service's answer that says nothing of the link: its words, and not kept. */
const unexpected = (detail: string): Outcome => ({
  group: 'unverified',
  detail: `${detail}; ${askedAgain}`,
  transient: true,
});

async function checkDoi(doi: string, client: HttpClient, settings: CheckSettings): Promise<Outcome> {
  const answer = await ask(doiUrl(doi, settings.doiHandleApi), 'GET', client, settings, 'application/json');
  if (answer.kind === 'error') return unexpected(`the DOI API did not answer (${describeError(answer)})`);
  let body: { responseCode?: unknown; values?: { type?: unknown; data?: { value?: unknown } }[] } = {};
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    // Not JSON: judged by the status alone below.
  }
  if (body.responseCode === 100)
    return { group: 'broken', detail: `DOI ${doi} is not registered (DOI API: handle not found)` };
  if (body.responseCode === 1) {
    const target = body.values?.find((value) => value.type === 'URL')?.data?.value;
    return { group: 'fine', detail: `DOI registered${typeof target === 'string' ? `; it leads to ${target}` : ''}` };
  }
  if (body.responseCode === 200) return { group: 'fine', detail: 'DOI registered (the record holds no address)' };
  const code = body.responseCode === undefined ? 'not a handle record' : `response code ${body.responseCode}`;
  return unexpected(`the DOI API answered something unexpected (${answer.status}, ${code}); try again later`);
}

async function checkOrcid(orcid: string, client: HttpClient, settings: CheckSettings): Promise<Outcome> {
  const answer = await ask(`${settings.orcidApi}/${orcid}/record`, 'GET', client, settings, 'application/json');
  if (answer.kind === 'error') return unexpected(`ORCID's API did not answer (${describeError(answer)})`);
  if (answer.status === 200) return { group: 'fine', detail: 'an ORCID record' };
  if (answer.status === 404 || answer.status === 410)
    return { group: 'broken', detail: `ORCID has no record for ${orcid} (ORCID API: ${answer.status})` };
  return unexpected(`ORCID's API answered something unexpected (${answer.status}); try again later`);
}

type Outcome = Pick<LinkResult, 'group' | 'detail' | 'newUrl' | 'transient'>;

const permanent = new Set([301, 308]);

/** Asks the site itself, the client following redirects: a 3xx still the answer is a loop or a chain too long. */
async function followRedirects(url: string, client: HttpClient, settings: CheckSettings): Promise<Outcome> {
  const answer = await askSite(url, client, settings);
  const chain = answer.kind === 'response' ? (answer.redirects ?? []) : [];
  if (answer.kind === 'response' && answer.loop)
    return { group: 'unverified', detail: `redirects in a loop (${answer.loop.join(' → ')}); ${refused}` };
  if (answer.kind === 'response' && answer.status >= 300 && answer.status < 400 && answer.headers.location) {
    const location = answer.headers.location;
    if (!URL.canParse(location, answer.url)) {
      return { group: 'unverified', detail: `${answer.status} to an address that cannot be read: ${location}` };
    }
    return { group: 'unverified', detail: `more than ${chain.length} redirects; ${refused}` };
  }
  const via =
    chain.length > 0 ? ` (after ${chain.length} redirect${chain.length > 1 ? 's' : ''}, at ${answer.url})` : '';
  const final = judge(answer);
  if (final.group !== 'fine') return { ...final, detail: final.detail.replace(/(?=; )|$/, via) };
  // Moved for good: the address after the permanent redirects that lead the chain.
  const leading = chain.findIndex((hop) => !permanent.has(hop.status));
  const moved = chain.slice(0, leading === -1 ? chain.length : leading).at(-1)?.to;
  if (moved) {
    const statuses = chain.map((hop) => hop.status).join(' → ');
    return { group: 'moved', detail: `moved for good (${statuses}); write the new address instead`, newUrl: moved };
  }
  return { group: 'fine', detail: final.detail + via };
}

/** HEAD first; GET where the server refuses HEAD or answers it with an error (many answer HEAD wrongly). */
async function askSite(url: string, client: HttpClient, settings: CheckSettings): Promise<HttpResult> {
  const head = await ask(url, 'HEAD', client, settings);
  if (head.kind === 'response' && head.status >= 400 && head.status !== 429) {
    return ask(url, 'GET', client, settings);
  }
  return head;
}

/** How much of a GET's body is read: enough to recognise a bot challenge page. */
const bodyLimit = 32 * 1024;

/**
 * One request, asked again once after a 429, a 5xx or a transient failure (a
 * reset, a time limit, a body cut short; waiting as long as Retry-After says,
 * up to the cap, else the retry delay), its redirects followed by the client.
 */
function ask(url: string, method: 'HEAD' | 'GET', client: HttpClient, settings: CheckSettings, accept?: string) {
  return client.request(url, {
    method,
    accept,
    maxBytes: bodyLimit,
    retry: { retries: 1, retryErrors: true, backoffMs: settings.retryDelayMs, maxWaitMs: settings.retryAfterCapMs },
  });
}

const challengeMarkers =
  /just a moment|attention required|captcha|are you a robot|verify (?:that )?you are (?:a )?human|challenge-platform|cf-chl/i;

/** Bot challenges marked as such by the services that serve them (Cloudflare, Vercel). */
const challenged = (answer: Extract<HttpResult, { kind: 'response' }>) =>
  answer.headers['cf-mitigated'] === 'challenge' || answer.headers['x-vercel-mitigated'] === 'challenge';

/** The group an answer (after any redirects) puts a link in; a failure that says nothing of the link is transient. */
function judge(answer: HttpResult): Outcome {
  const tries = answer.tries > 1 ? `, ${answer.tries} tries` : '';
  if (answer.kind === 'error') {
    if (answer.code === 'ENOTFOUND')
      return { group: 'broken', detail: 'the server name does not exist (DNS found no such host)' };
    // A redirect out of https, or to an address that is not http(s): what the site answers, kept as its answer.
    if (answer.code === 'EREDIRECT' || answer.code === 'EPROTOCOL')
      return { group: 'unverified', detail: `${describeError(answer)}; open it in a browser` };
    // Anything else (a reset, a time limit, an answer that is not HTTP) says nothing of the link: not kept.
    return unexpected(`${describeError(answer)}${tries}`);
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { group: 'fine', detail: `${status}` };
  if (status === 404 || status === 410) {
    return { group: 'broken', detail: `${status} ${status === 404 ? 'Not Found' : 'Gone'}` };
  }
  const waitFor =
    answer.retryAfterMs === undefined ? '' : ` (asked to wait ${Math.round(answer.retryAfterMs / 1000)} s)`;
  if (status === 429) {
    const challenge = challenged(answer) ? ' with a bot challenge page' : '';
    return unexpected(`429 Too Many Requests${challenge}${waitFor}${tries}`);
  }
  if (status >= 500) return unexpected(`${status}${waitFor}${tries}`);
  if (status === 403 || status === 401) {
    const challenge = challenged(answer) || challengeMarkers.test(answer.body.toString('utf8'));
    return { group: 'unverified', detail: `${status}${challenge ? ' with a bot challenge page' : ''}; ${refused}` };
  }
  return { group: 'unverified', detail: `${status}; ${refused}` };
}

function describeError(answer: Extract<HttpResult, { kind: 'error' }>): string {
  switch (answer.code) {
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ECONNREFUSED':
      return 'the server refused the connection';
    case 'EAI_AGAIN':
      return 'the server name could not be looked up just now';
    case 'ETIMEDOUT':
    case 'ESHORTREAD':
    case 'EENCODING':
    case 'EBADANSWER':
    case 'EREDIRECT':
      return answer.message;
    case 'EPROTOCOL':
      return `redirected to an address that is not http(s): it ${answer.message}`;
    default:
      return `${answer.code}: ${answer.message}`;
  }
}
