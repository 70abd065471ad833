import { type Group, groups, type LinkReport, type ReportedLink } from './types.ts';

const headings: Record<Group, string> = {
  broken: 'Broken: the link leads nowhere; correct or remove it',
  moved: 'Moved for good: write the new address instead',
  unverified: 'Could not verify: no answer that tells; open it in a browser',
  fine: 'Fine',
};

const where = (link: ReportedLink) =>
  link.sources.length > 0
    ? link.sources.map((source) => `${source.file}:${source.line}`).join(', ')
    : 'not found in the content (written by a component?)';

/** The report as a maintainer reads it: grouped, worst first, each link with the file and line to edit. */
export function formatReport(report: LinkReport): string {
  const lines: string[] = [];
  for (const group of groups) {
    const links = report.links.filter((link) => link.group === group);
    if (links.length === 0) continue;
    lines.push(`${headings[group]} (${links.length})`);
    for (const link of links) {
      if (group === 'fine') {
        lines.push(`  ${link.url}  ${where(link)}`);
        continue;
      }
      lines.push(`  ${link.url}`);
      lines.push(`    ${where(link)}  (on ${link.pages.join(', ')})`);
      if (link.newUrl) lines.push(`    new address: ${link.newUrl}`);
      lines.push(`    ${link.detail}`);
    }
    lines.push('');
  }
  lines.push(summary(report));
  return lines.join('\n');
}

function summary(report: LinkReport): string {
  const count = (group: Group) => report.links.filter((link) => link.group === group).length;
  const asked =
    report.requests === 0
      ? 'all from the cache, no request sent'
      : `${report.requests} request${report.requests === 1 ? '' : 's'}${report.fromCache > 0 ? `, ${report.fromCache} from the cache` : ''}`;
  return `${report.links.length} external links (${asked}): ${count('broken')} broken, ${count('moved')} moved for good, ${count('unverified')} could not verify, ${count('fine')} fine.`;
}
