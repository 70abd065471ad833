/**
 * The monthly members' works workflow, checked as the link-check workflow is
 * (actionlint offline, pinned actions, least permissions, never on a push),
 * and the issue it keeps, decided from a real run of `cite orcid` against the
 * recorded ORCID stand-in: opened with each work and its command, left alone
 * when the list is the same, updated when it changes, closed when it is empty,
 * never closed while a record could not be read. The issue's Markdown is read
 * back by marked, as GitHub would render it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { marked, type Token, type Tokens } from 'marked';
import { parse } from 'yaml';
import { runOrcid } from '../scripts/cite/orcid.ts';
import { type OrcidReport, orcidIssue, orcidIssueBody, orcidIssueTitle } from '../scripts/cite/orcid-report.ts';
import { issueAction } from '../scripts/lib/issue.ts';
import { type RecordedOrcid, startRecordedOrcid } from './fixtures/orcid/recorded-orcid.ts';
import { lintWorkflow, readWorkflow } from './helpers/workflow.ts';

const workflow = readWorkflow('members-works.yml');
const parsed = parse(workflow) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: { uses?: string; run?: string }[] }>;
};

test('actionlint finds nothing wrong with the members-works workflow, and catches an output the issue job misreads', async () => {
  assert.deepEqual(await lintWorkflow('members-works.yml', workflow), []);
  const slip = workflow.replace('needs.works.outputs.report', 'needs.works.outputs.reports');
  assert.notEqual(slip, workflow);
  assert.ok((await lintWorkflow('members-works.yml', slip)).some((finding) => finding.includes('[expression]')));
});

test('it runs monthly and on demand, never on a push or a pull request, and only the issue job may write issues', () => {
  assert.deepEqual(Object.keys(parsed.on).sort(), ['schedule', 'workflow_dispatch']);
  assert.deepEqual(parsed.permissions, {});
  assert.deepEqual(parsed.jobs.works?.permissions, { contents: 'read' });
  assert.deepEqual(parsed.jobs.issue?.permissions, { contents: 'read', issues: 'write' });
  assert.doesNotMatch(
    JSON.stringify(parsed.jobs.issue),
    /npm (ci|install)/,
    'the job holding the write token installs nothing',
  );
  const runs = parsed.jobs.works?.steps.map((step) => step.run ?? '').join('\n') ?? '';
  assert.match(runs, /npm run cite -- orcid --json reports\/members-works\.json \|\| status=\$\?/);
  assert.match(runs, /if \[ "\$status" -ne 0 \] && \[ "\$status" -ne 2 \]; then exit "\$status"; fi/);
  const issueRuns = parsed.jobs.issue?.steps.map((step) => step.run ?? '').join('\n') ?? '';
  assert.match(issueRuns, /node scripts\/keep-issue\.ts orcid "\$RUNNER_TEMP\/members-works\.json"/);
});

test('every action is pinned to the same full commit SHA as in the site workflow', () => {
  const site = readWorkflow('site.yml');
  const uses = workflow.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
  assert.equal(uses.length, 4);
  for (const line of uses) {
    const pin = line.trim().replace(/^- /, '');
    assert.match(pin, /^uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    assert.ok(site.includes(pin), `${pin} is pinned as in site.yml`);
  }
});

let orcid: RecordedOrcid;
let dir: string;
/** A real run's report: all four members, the one ORCID does not know and the one it fails for included. */
let report: OrcidReport;

before(async () => {
  orcid = await startRecordedOrcid();
  dir = await mkdtemp(path.join(os.tmpdir(), 'members-works-'));
  const contentDir = path.join(dir, 'content');
  await cp(path.resolve('test/fixtures/content'), contentDir, { recursive: true });
  await cp(path.resolve('test/fixtures/orcid/members.yml'), path.join(contentDir, 'members.yml'));
  await writeFile(path.join(contentDir, 'publications.yml'), 'first-example: []\n');
  await runOrcid(['--json', path.join(dir, 'works.json')], {
    contentDir,
    resolvePath: (typed) => path.resolve(typed),
    orcidApi: orcid.api,
    resolver: { backoffMs: 5, timeoutMs: 2000 },
    print: () => {},
  });
  report = JSON.parse(await readFile(path.join(dir, 'works.json'), 'utf8')) as OrcidReport;
});
after(async () => {
  await orcid.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every token of a Markdown text, nested ones included. */
function tokens(markdown: string): Token[] {
  const all: Token[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    all.push(token);
  });
  return all;
}

test('the issue lists each work as GitHub renders it: its DOI linked, its command as code, its title as plain text', () => {
  const body = orcidIssueBody(report);
  const found = tokens(body);
  const links = found.filter((token): token is Tokens.Link => token.type === 'link').map((link) => link.href);
  const commands = found.filter((token): token is Tokens.Codespan => token.type === 'codespan').map((one) => one.text);
  const works = report.members.flatMap((member) => (member.read ? member.works : []));
  assert.equal(works.length, 2);
  for (const work of works) {
    assert.ok(links.includes(`https://doi.org/${work.doi}`), `the issue links ${work.doi}`);
    assert.ok(commands.includes(work.command), `the issue gives ${work.command}`);
    const text = found
      .filter((token): token is Tokens.Text | Tokens.Escape => token.type === 'text' || token.type === 'escape')
      .map((one) => one.text);
    assert.ok(text.join('').includes(work.title), `the title reads "${work.title}"`);
  }
  assert.match(body, /Not read this time, asked again next month: Cleo Trial \(.*\); Dan Demo \(.*\)\./);
});

test('a title with Markdown in it stays text: no link, no mention, no markup', () => {
  const tricky = structuredClone(report);
  const ada = tricky.members.find((member) => member.read && member.works.length > 0);
  assert.ok(ada?.read);
  ada.works[0]!.title = '[Click](https://evil.example) @team **bold** <img src=x> www.evil.example';
  const found = tokens(orcidIssueBody(tricky));
  const links = found.filter((token): token is Tokens.Link => token.type === 'link').map((link) => link.href);
  assert.ok(
    links.every((href) => href.startsWith('https://doi.org/') || href.startsWith('https://orcid.org/')),
    links.join(' '),
  );
  assert.ok(!found.some((token) => token.type === 'strong' || token.type === 'html'));
  assert.doesNotMatch(orcidIssueBody(tricky), /(^|[^\\])@team/);
});

test('the issue is opened, left alone for the same list, updated when it changes, and closed when it is empty', () => {
  const wanted = orcidIssue(report);
  const opened = issueAction(wanted, null);
  assert.equal(opened.action, 'open');
  assert.ok(opened.action === 'open' && opened.title === orcidIssueTitle);
  const body = opened.action === 'open' ? opened.body : '';
  assert.equal(issueAction(wanted, { number: 12, body: body.replace(/\n/g, '\r\n') }).action, 'nothing');

  const fewer = structuredClone(report);
  for (const member of fewer.members) if (member.read) member.works = member.works.slice(1);
  assert.deepEqual(issueAction(orcidIssue(fewer), { number: 12, body }), {
    action: 'update',
    number: 12,
    body: orcidIssueBody(fewer),
  });

  const allRead = { ...fewer, members: fewer.members.filter((member) => member.read) };
  for (const member of allRead.members) if (member.read) member.works = [];
  assert.equal(issueAction(orcidIssue(allRead), { number: 12, body }).action, 'close');
});

test('the issue is never closed while a record could not be read, nor touched when nothing is known', () => {
  const emptyButUnread = structuredClone(report);
  for (const member of emptyButUnread.members) if (member.read) member.works = [];
  assert.equal(issueAction(orcidIssue(emptyButUnread), { number: 12, body: 'old list' }).action, 'nothing');
  const offline: OrcidReport = { ...report, offline: true, members: [] };
  assert.equal(issueAction(orcidIssue(offline), { number: 12, body: 'old list' }).action, 'nothing');
  assert.equal(issueAction(orcidIssue(offline), null).action, 'nothing');
  const noneRead = { ...report, members: report.members.filter((member) => !member.read) };
  assert.equal(issueAction(orcidIssue(noneRead), { number: 12, body: 'old list' }).action, 'nothing');
});

test('keep-issue opens the issue through the GitHub CLI with the report it is given', {
  skip: process.platform === 'win32' ? 'the stand-in gh is a POSIX shell script' : false,
}, async () => {
  const bin = path.join(dir, 'bin');
  const log = path.join(dir, 'gh.log');
  await cp(path.resolve('test/fixtures/orcid/fake-gh.sh'), path.join(bin, 'gh'));
  await chmod(path.join(bin, 'gh'), 0o755);
  const { stdout } = await promisify(execFile)(
    path.resolve('node_modules/.bin/tsx'),
    ['scripts/keep-issue.ts', 'orcid', path.join(dir, 'works.json')],
    { env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, FAKE_GH_LOG: log } },
  );
  assert.equal(stdout.trim(), 'Issue: open.');
  const calls = (await readFile(log, 'utf8')).split('\n--\n').filter(Boolean);
  assert.match(calls[0]!, /^issue list --state open --search "Works by members not yet on the site" in:title/);
  assert.equal(calls[1], `issue create --title ${orcidIssueTitle} --body-file -\n${orcidIssueBody(report)}`);
});
