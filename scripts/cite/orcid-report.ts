/**
 * What `npm run cite -- orcid` found, as `--json` writes it, and the issue
 * the monthly workflow keeps from it. Imports nothing from npm: the
 * workflow's issue step runs this with Node alone (scripts/keep-issue.ts).
 */
import type { WantedIssue } from '../lib/issue.ts';

/** A work on a member's ORCID record whose DOI the site does not list. */
export interface SuggestedWork {
  doi: string;
  title: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD as the record gives it; null when it gives no year. */
  date: string | null;
  /** ORCID's kind of work, such as journal-article. */
  type: string | null;
  journal: string | null;
  /** The command that adds it, the theme left to choose (THEME). */
  command: string;
}

export type MemberWorks =
  | {
      name: string;
      orcid: string;
      read: true;
      /** Works on the record (ORCID's groups), with a DOI or not. */
      total: number;
      /** Works whose DOI the site lists already. */
      onSite: number;
      withoutDoi: number;
      /** Newest first. */
      works: SuggestedWork[];
    }
  | { name: string; orcid: string; read: false; reason: string };

export interface OrcidReport {
  /** The API asked (ORCID_API, or ORCID's public API v3.0). */
  api: string;
  /** The network could not be reached: nothing was asked, nothing is known. */
  offline: boolean;
  members: MemberWorks[];
  /** Members without an orcid: line in members.yml, whose works cannot be looked up. */
  withoutOrcid: string[];
  /** The theme ids of themes.yml, one of which replaces THEME in a command. */
  themes: string[];
}

/** The one issue the monthly workflow keeps up to date; found again by this exact title. */
export const orcidIssueTitle = 'Works by members not yet on the site';

/**
 * Text as Markdown shows it literally: a title from a record never becomes markup, a mention or a link (escaping
 * ":" and "/" keeps an address in a title from being linked on its own, as GitHub does with bare addresses).
 */
const literal = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>@~&:/]/g, '\\$&');
/** Inline code that holds any text, fenced with more backticks than it contains in a row. */
const code = (text: string) => {
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
};
const doiLink = (doi: string) =>
  `[${literal(doi)}](<https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}>)`;

export const worksCount = (report: OrcidReport) =>
  report.members.reduce((sum, member) => sum + (member.read ? member.works.length : 0), 0);

function memberSection(member: Extract<MemberWorks, { read: true }>): string[] {
  const lines = ['', `### ${literal(member.name)} ([${member.orcid}](https://orcid.org/${member.orcid}))`, ''];
  for (const work of member.works) {
    const about = [work.date?.slice(0, 4) ?? 'no date', literal(work.title), work.type && literal(work.type)];
    lines.push(`- ${about.filter(Boolean).join(' · ')} · ${doiLink(work.doi)}`, `  ${code(work.command)}`);
  }
  return lines;
}

/** The issue's text: each member's works not on the site with the command that adds each. No date, so it only changes with the list. */
export function orcidIssueBody(report: OrcidReport): string {
  const count = worksCount(report);
  const themes = report.themes.map(code).join(', ');
  const lines = [
    `Members' ORCID records list ${count} work${count === 1 ? '' : 's'} with a DOI that the site does not list yet. Add the ones that belong on the site with the command under each, with THEME replaced by the id of its theme (${themes || 'see themes.yml'}); nothing is added on its own. This issue is edited as the list changes and closed when it is empty.`,
  ];
  for (const member of report.members) if (member.read && member.works.length > 0) lines.push(...memberSection(member));
  const unread = report.members.filter((member) => !member.read);
  if (unread.length > 0) {
    const names = unread.map((member) => `${literal(member.name)} (${literal(member.reason)})`).join('; ');
    lines.push('', `Not read this time, asked again next month: ${names}.`);
  }
  lines.push('', 'Run `npm run cite -- orcid` to see the list; docs/citations.md says more.');
  return `${lines.join('\n')}\n`;
}

/** What this run says the issue should be: never closed while a member's record could not be read. */
export function orcidIssue(report: OrcidReport): WantedIssue {
  const title = orcidIssueTitle;
  if (report.offline) return { title, state: 'unknown', reason: 'ORCID could not be reached, so nothing is known' };
  const read = report.members.filter((member) => member.read);
  if (report.members.length > 0 && read.length === 0)
    return { title, state: 'unknown', reason: "no member's ORCID record could be read" };
  if (worksCount(report) > 0) return { title, state: 'list', body: orcidIssueBody(report) };
  if (read.length < report.members.length)
    return { title, state: 'unknown', reason: 'nothing to list, but not every record could be read' };
  return {
    title,
    state: 'empty',
    comment: "Every work with a DOI on the members' ORCID records is on the site; closing.",
  };
}
