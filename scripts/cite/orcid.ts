/**
 * npm run cite -- orcid [--json FILE] [--content DIR]
 *
 * The members' works the site does not list yet: for each member of
 * members.yml with an ORCID iD, the works of their public ORCID record (ORCID's
 * public API v3.0; ORCID_API sets another address, as for the link checker)
 * whose DOI publications.yml does not hold, however it is written there (a
 * `doi:`, a doi.org address in `url`, any case, percent-encoded or not). It
 * only suggests: each work comes with the command that adds it, and nothing is
 * written. Exit codes: 0 every record was read, 2 some could not be (or no
 * network), 1 the command line or the content could not be read.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { parse } from 'yaml';
import { bareDoi } from '../../src/doi.ts';
import { membersSchema } from '../../src/content/members.ts';
import { orcidUrl } from '../../src/orcid.ts';
import { escapeInvisible } from '../../src/text.ts';
import { trimTrailingSlashes } from '../../src/urls.ts';
import { commandLineMistake } from '../lib/command-line.ts';
import { duration, type HttpClient, type HttpError, offlineLine, siteUserAgent } from '../lib/http-client.ts';
import { displayPath, formatProblem, type Problem } from '../lib/problems.ts';
import { describeIssue, noLabel } from '../stages/content/issues.ts';
import { readSiteSettings, SettingsError } from '../stages/content/site-settings.ts';
import { parseSource } from '../stages/content/source.ts';
import { type MemberWorks, type OrcidReport, type SuggestedWork, worksCount } from './orcid-report.ts';
import { FileError, PublicationsFile } from './publications-file.ts';
import { defaultDeadlineMs, startDeadline, waitLine } from './command-options.ts';
import { askWithin, defaultResolverOptions, type ResolverOptions, registryClient } from './resolver.ts';
import { plainText, UntrustedTextError } from '../lib/untrusted-text.ts';
import { ServiceSettingError, serviceAddress } from '../lib/services.ts';

export interface OrcidOptions {
  /** The content folder when --content is not given. */
  contentDir: string;
  /** A path typed on the command line, as the person meant it (relative to where they typed it). */
  resolvePath: (typed: string) => string;
  /** ORCID's API; else ORCID_API of `environment`, else ORCID's public API (scripts/lib/services.ts). */
  orcidApi?: string;
  /** Where ORCID_API is read (the command's process.env). */
  environment?: Readonly<Record<string, string | undefined>>;
  resolver?: Partial<ResolverOptions>;
  print?: (line: string) => void;
}

export const ORCID_USAGE = `  npm run cite -- orcid [--json FILE]          list members’ ORCID works not on the site
       [--deadline ${defaultDeadlineMs / 1000}]                        seconds it may ask`;

interface Member {
  name: string;
  orcid?: string;
}

/** A work as ORCID's record gives it: the DOIs that name it, and what a person recognises it by. */
interface RecordedWork {
  dois: string[];
  title: string;
  date: string | null;
  type: string | null;
  journal: string | null;
}

type Fetched = { ok: true; works: RecordedWork[] } | { ok: false; reason: string; offline?: HttpError };

/** The command line: --json FILE, --content DIR and --deadline SECONDS, or why it cannot be read. */
function readOrcidArgs(argv: string[]): { json?: string; content?: string; deadline?: string } | { problem: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: { json: { type: 'string' }, content: { type: 'string' }, deadline: { type: 'string' } },
    });
    const empty = Object.entries(values).find(([, value]) => value === '');
    if (empty) return { problem: `--${empty[0]} needs a value` };
    const seconds = Number(values.deadline ?? 1);
    if (!Number.isFinite(seconds) || seconds <= 0)
      return { problem: `--deadline: expected seconds, found "${values.deadline}"` };
    return values;
  } catch (error) {
    const problem = commandLineMistake(error);
    if (problem === undefined) throw error;
    return { problem };
  }
}

/** The members of members.yml, or every problem that keeps it from being read, each at its line. */
async function readMembers(contentDir: string): Promise<{ members: Member[] } | { problems: Problem[] }> {
  const file = path.join(contentDir, 'members.yml');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { problems: [{ where: displayPath(file), message: `could not be read (${reason})` }] };
  }
  const { source, problems } = parseSource(file, bytes, false, 'countries: and members:');
  if (problems.length > 0) return { problems };
  const raw = source.doc.toJS() as unknown;
  const result = v.safeParse(membersSchema, raw, { abortEarly: false });
  if (result.success) return { members: result.output.members };
  const checked = { source, raw, schema: membersSchema, label: noLabel };
  return { problems: result.issues.map((issue) => describeIssue(checked, issue)) };
}

/** The theme ids, to say what THEME may be; none when themes.yml cannot be read (the add command will say why). */
async function themeIds(contentDir: string): Promise<string[]> {
  try {
    const themes = parse(await readFile(path.join(contentDir, 'themes.yml'), 'utf8')) as unknown;
    if (!Array.isArray(themes)) return [];
    return themes.map((theme) => (theme as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/** A value inside a record that is data, not trusted: undefined wherever the path leads nowhere. */
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (inside, key) =>
      typeof inside === 'object' && inside !== null ? (inside as Record<string, unknown>)[key] : undefined,
    value,
  );
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A record's text as one plain line; a character that could hide or reorder text is shown as \uXXXX. */
function shown(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return plainText(value, 'title') || null;
  } catch (error) {
    if (error instanceof UntrustedTextError) return escapeInvisible(value.replace(/\s+/g, ' ').trim());
    throw error;
  }
}

/** The DOIs that name the work itself (relationship "self", not a journal's or a version's), bare, once each. */
function selfDois(group: unknown): string[] {
  const ids = at(group, 'external-ids', 'external-id');
  if (!Array.isArray(ids)) return [];
  const dois = ids.flatMap((id) => {
    if (text(at(id, 'external-id-type'))?.toLowerCase() !== 'doi') return [];
    const relationship = text(at(id, 'external-id-relationship'));
    if (relationship !== undefined && relationship.toLowerCase() !== 'self') return [];
    const written = text(at(id, 'external-id-value'));
    const normalized = text(at(id, 'external-id-normalized', 'value'));
    const doi = (written && bareDoi(written)) || (normalized && bareDoi(normalized));
    return doi ? [doi] : [];
  });
  return [...new Map(dois.map((doi) => [doi.toLowerCase(), doi])).values()];
}

/** YYYY, YYYY-MM or YYYY-MM-DD, as far as the record gives it; null without a year. */
function dateOf(summary: unknown): string | null {
  const [year, ...rest] = ['year', 'month', 'day'].map((part) => text(at(summary, 'publication-date', part, 'value')));
  if (!year || !/^\d{4}$/.test(year)) return null;
  const parts = [year];
  for (const part of rest) {
    if (!part || !/^\d{1,2}$/.test(part)) break;
    parts.push(part.padStart(2, '0'));
  }
  return parts.join('-');
}

/** ORCID's works answer as works; null when it is not one. Each group is one work, its first summary the one shown. */
function recordedWorks(body: unknown): RecordedWork[] | null {
  const groups = at(body, 'group');
  if (!Array.isArray(groups)) return null;
  return groups.map((group) => {
    const summaries = at(group, 'work-summary');
    const first: unknown = Array.isArray(summaries) ? summaries[0] : undefined;
    return {
      dois: selfDois(group),
      title: shown(text(at(first, 'title', 'title', 'value'))) ?? '(no title on the record)',
      date: dateOf(first),
      type: shown(text(at(first, 'type'))),
      journal: shown(text(at(first, 'journal-title', 'value'))),
    };
  });
}

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

/** One member's works, asked of ORCID's public API. Never throws: a failure is a reason in words. */
async function fetchWorks(orcid: string, client: HttpClient, api: string, resolver: ResolverOptions): Promise<Fetched> {
  const answer = await client.request(`${api}/${orcid}/works`, { accept: 'application/json', ...askWithin(resolver) });
  if (answer.kind === 'error') {
    if (answer.offline) return { ok: false, reason: answer.message, offline: answer };
    if (answer.code === 'EABORTED') return { ok: false, reason: answer.message };
    const why =
      answer.code === 'ETIMEDOUT' && answer.message.startsWith('no answer')
        ? `ORCID's API did not answer within ${duration(resolver.timeoutMs)}`
        : `the request failed: ${answer.message}`;
    return { ok: false, reason: `${why}, ${tries(answer.tries)}` };
  }
  if (answer.status === 404) return { ok: false, reason: `ORCID has no record for ${orcid} (404); check the iD` };
  if (answer.status < 200 || answer.status >= 300) {
    const wait =
      answer.retryAfterMs === undefined ? '' : ` and asked to wait ${Math.ceil(answer.retryAfterMs / 1000)} s`;
    return { ok: false, reason: `ORCID's API answered ${answer.status}${wait}, ${tries(answer.tries)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    body = undefined;
  }
  const works = recordedWorks(body);
  return works
    ? { ok: true, works }
    : { ok: false, reason: "ORCID's API answered with something that is not a works list" };
}

/** A DOI as one word of a command in any shell: quoted when it holds anything beyond letters, digits and ./:-_ */
const shellWord = (doi: string) => (/^[\w./:-]+$/.test(doi) ? doi : `"${doi.replace(/["\\$`]/g, '\\$&')}"`);
const addCommand = (doi: string) => `npm run cite -- add ${shellWord(doi)} --theme THEME`;

/** Newest first: a longer date of the same year is the more precise, not the older; undated works last. */
const newestFirst = (a: SuggestedWork, b: SuggestedWork) =>
  (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title, 'en');

/** What one member's record holds that the site does not list. */
function memberWorks(member: Member & { orcid: string }, fetched: Fetched, file: PublicationsFile): MemberWorks {
  const { name, orcid } = member;
  if (!fetched.ok) return { name, orcid, read: false, reason: fetched.reason };
  let onSite = 0;
  let withoutDoi = 0;
  const works = new Map<string, SuggestedWork>();
  for (const work of fetched.works) {
    const [doi] = work.dois;
    if (!doi) withoutDoi += 1;
    else if (work.dois.some((one) => file.findDoi(one))) onSite += 1;
    else if (!works.has(doi.toLowerCase())) {
      const { title, date, type, journal } = work;
      works.set(doi.toLowerCase(), { doi, title, date, type, journal, command: addCommand(doi) });
    }
  }
  const listed = [...works.values()].sort(newestFirst);
  return { name, orcid, read: true, total: fetched.works.length, onSite, withoutDoi, works: listed };
}

interface LookUp {
  members: Member[];
  file: PublicationsFile;
  themes: string[];
  api: string;
  resolver: ResolverOptions;
}

/** Every member's record, asked through the one polite client; `unreachable` when there is no network at all. */
async function lookUp(input: LookUp): Promise<{ report: OrcidReport; unreachable?: HttpError }> {
  const { members, file, themes, api, resolver } = input;
  const withOrcid = members.filter((member): member is Member & { orcid: string } => Boolean(member.orcid));
  const withoutOrcid = members.filter((member) => !member.orcid).map((member) => member.name);
  const report: OrcidReport = { api, offline: false, members: [], withoutOrcid, themes };
  if (withOrcid.length === 0) return { report };
  const client = registryClient(resolver);
  const unreachable = await client.reachable(api);
  if (unreachable) return { report: { ...report, offline: true }, unreachable };
  const fetched = await Promise.all(withOrcid.map((member) => fetchWorks(member.orcid, client, api, resolver)));
  const offline = fetched.map((one) => (one.ok ? undefined : one.offline));
  if (offline.every(Boolean)) return { report: { ...report, offline: true }, unreachable: offline[0] };
  report.members = withOrcid.map((member, index) => memberWorks(member, fetched[index]!, file));
  return { report };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One member's lines: the works not on the site, each with the command that adds it. */
function memberLines(member: MemberWorks): string[] {
  const who = `${member.name}, ${orcidUrl(member.orcid)}`;
  if (!member.read) return [`${who}: could not be read: ${member.reason}`];
  if (member.total === 0) return [`${who}: no works on the ORCID record`];
  const others = [
    member.onSite > 0 && `${member.onSite} on the site already`,
    member.withoutDoi > 0 && `${member.withoutDoi} without a DOI`,
  ].filter(Boolean);
  const counted = `${plural(member.works.length, 'work')} not on the site (of ${member.total}${others.length > 0 ? `; ${others.join(', ')}` : ''})`;
  const lines = [`${who}: ${counted}`];
  for (const work of member.works) {
    const about = [work.type, work.journal].filter(Boolean).join(', ');
    lines.push(`  ${(work.date ?? 'no date').padEnd(10)}  ${work.title}${about ? ` (${about})` : ''}`);
    lines.push(`  ${' '.repeat(10)}  ${work.command}`);
  }
  return lines;
}

/** What the command prints: a plain line when nothing could be checked, else each member and a summary. */
function reportLines(report: OrcidReport, unreachable: HttpError | undefined): string[] {
  if (unreachable) return [offlineLine(unreachable, "No member's works were checked")];
  const without = report.withoutOrcid.length > 0 ? `, ${report.withoutOrcid.length} without` : '';
  if (report.members.length === 0)
    return ['No member of members.yml has an ORCID iD (orcid:), so there are no works to look up.'];
  const unread = report.members.filter((member) => !member.read);
  if (unread.length === report.members.length) {
    const names = unread.map((member) => member.name).join(', ');
    return [
      `Could not check the works of ${plural(unread.length, 'member')} (${names}): ${unread[0]!.reason}. Nothing was written; run the command again later.`,
    ];
  }
  const count = worksCount(report);
  const from = report.members.filter((member) => member.read && member.works.length > 0).length;
  const empty = report.members.filter((member) => member.read && member.total === 0).length;
  const summary = [
    `${plural(count, 'work')} not on the site${count > 0 ? `, from ${plural(from, 'member')}` : ''}`,
    empty > 0 && `${plural(empty, 'member')} with no works on ORCID`,
    unread.length > 0 && `not read: ${unread.map((member) => member.name).join(', ')}`,
  ].filter(Boolean);
  return [
    `Works on members' ORCID records that the site does not list (${plural(report.members.length, 'member')} with an ORCID iD${without}):`,
    '',
    ...report.members.flatMap(memberLines),
    '',
    ...(count > 0 ? [`THEME is the id of the work's theme: ${report.themes.join(', ') || 'see themes.yml'}.`] : []),
    `Summary: ${summary.join('; ')}. Nothing was written.`,
  ];
}

/** Runs `cite orcid`; returns the exit code (0 all read, 2 some not, 1 bad input). */
export async function runOrcid(argv: string[], options: OrcidOptions): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  const args = readOrcidArgs(argv);
  if ('problem' in args) {
    print(`${args.problem}\nUsage:\n${ORCID_USAGE}`);
    return 1;
  }
  const contentDir = args.content ? options.resolvePath(args.content) : options.contentDir;
  const read = await readMembers(contentDir);
  if ('problems' in read) {
    print(`${displayPath(path.join(contentDir, 'members.yml'))} cannot be read; nothing was looked up:`);
    for (const problem of read.problems) print(formatProblem(problem));
    return 1;
  }
  let file: PublicationsFile;
  try {
    file = await PublicationsFile.open(contentDir);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    print(`${error.message}; nothing was looked up.`);
    return 1;
  }
  let api: string;
  try {
    api = trimTrailingSlashes(options.orcidApi ?? serviceAddress('orcidApi', options.environment ?? {}));
  } catch (error) {
    if (!(error instanceof ServiceSettingError)) throw error;
    print(error.message);
    return 1;
  }
  const settings = await readSiteSettings(contentDir).catch((error: unknown) => {
    if (error instanceof SettingsError) return error;
    throw error;
  });
  if (settings instanceof SettingsError) {
    print(settings.message);
    return 1;
  }
  const deadline = startDeadline(
    args.deadline === undefined ? defaultDeadlineMs : Number(args.deadline) * 1000,
    options.resolver?.clock,
  );
  const resolver = {
    ...defaultResolverOptions(siteUserAgent(settings, 'cite')),
    onWait: (wait: Parameters<typeof waitLine>[0]) => wait.ms >= 1_000 && print(waitLine(wait)),
    signal: deadline.signal,
    deadlineAt: deadline.deadlineAt,
    ...options.resolver,
  };
  const themes = await themeIds(contentDir);
  const { report, unreachable } = await lookUp({ members: read.members, file, themes, api, resolver }).finally(
    deadline.end,
  );
  if (args.json) {
    const target = options.resolvePath(args.json);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(report, null, 2)}\n`);
  }
  for (const line of reportLines(report, unreachable)) print(line);
  return report.offline || report.members.some((member) => !member.read) ? 2 : 0;
}
