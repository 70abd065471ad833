/**
 * The workflow's issue step, tested on its decision: from a recorded list of
 * results (one run of npm run check-links against the loopback fixtures,
 * test/fixtures/links/results/) and the issue open now, open, update, close
 * or do nothing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../scripts/lib/project-root.js';
import { decideIssue, issueBody, issueTitle } from '../scripts/links/issue.ts';
import type { LinkReport } from '../scripts/links/types.ts';

const recorded = JSON.parse(
  readFileSync(path.join(projectRoot, 'test/fixtures/links/results/loopback-run.json'), 'utf8'),
) as LinkReport;
const broken = recorded.links.filter((link) => link.group === 'broken');
/** The same run after a maintainer removed one broken link. */
const oneFixed: LinkReport = { ...recorded, links: recorded.links.filter((link) => link.url !== broken[0]!.url) };
/** The same run after every broken link was corrected. */
const allFixed: LinkReport = { ...recorded, links: recorded.links.filter((link) => link.group !== 'broken') };
const offline: LinkReport = { offline: true, links: [], requests: 0, fromCache: 0 };

test('the recorded run has broken links to report', () => {
  assert.ok(broken.length >= 2, `recorded ${broken.length} broken links`);
});

test('broken links and no open issue: an issue is opened listing each with its file and line', () => {
  const decision = decideIssue(recorded, null);
  assert.equal(decision.action, 'open');
  assert.ok(decision.action === 'open');
  assert.equal(decision.title, issueTitle);
  for (const link of broken) {
    assert.ok(decision.body.includes(link.url), `the issue lists ${link.url}`);
    for (const source of link.sources) assert.ok(decision.body.includes(`${source.file}:${source.line}`));
  }
  for (const link of recorded.links.filter((entry) => entry.group !== 'broken')) {
    assert.ok(!decision.body.includes(`- ${link.url}\n`), `the issue leaves out ${link.url} (${link.group})`);
  }
});

test('the same broken links as the open issue lists: nothing to do', () => {
  const decision = decideIssue(recorded, { number: 7, body: issueBody(recorded) });
  assert.equal(decision.action, 'nothing');
});

test('an issue body edited in the browser (CRLF line ends) still counts as the same list', () => {
  const decision = decideIssue(recorded, { number: 7, body: issueBody(recorded).replace(/\n/g, '\r\n') });
  assert.equal(decision.action, 'nothing');
});

test('the list changed: the open issue is updated, not a second one opened', () => {
  const decision = decideIssue(oneFixed, { number: 7, body: issueBody(recorded) });
  assert.deepEqual(decision, { action: 'update', number: 7, body: issueBody(oneFixed) });
  assert.ok(!issueBody(oneFixed).includes(broken[0]!.url));
});

test('no broken link left: the open issue is closed', () => {
  const decision = decideIssue(allFixed, { number: 7, body: issueBody(recorded) });
  assert.equal(decision.action, 'close');
  assert.ok(decision.action === 'close' && decision.number === 7);
});

test('no broken link and no issue: nothing to do', () => {
  assert.equal(decideIssue(allFixed, null).action, 'nothing');
});

test('offline, nothing is known: the issue is neither closed nor opened', () => {
  assert.equal(decideIssue(offline, { number: 7, body: issueBody(recorded) }).action, 'nothing');
  assert.equal(decideIssue(offline, null).action, 'nothing');
});
