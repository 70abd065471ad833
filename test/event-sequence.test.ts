/**
 * Updates reach subscribers: a calendar app takes a changed event only when
 * its SEQUENCE is higher than the one it holds. The fixture content is put in
 * a git repository of its own and an event is changed as a maintainer would
 * (moved, rescheduled, moved online, cancelled before committing, committed,
 * its file renamed for a new news date), each step built as the build command
 * builds (the history read from git and given to the pipeline). events.ics and
 * the event's own file of each step are read by ical.js, and by Python's
 * vobject and icalendar: the UID stays, the SEQUENCE rises with each
 * change and never falls. A shallow clone and a folder outside git build with
 * a warning that says why a change may not reach subscribers.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { readEventRevisions } from '../scripts/lib/event-history.ts';
import { projectRoot } from '../scripts/lib/project-root.js';
import { readWithIcalJs } from './helpers/calendar-readers.ts';
import { eventsOf, pythonReadersTest } from './helpers/python-calendar-readers.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

const run = promisify(execFile);
const TODAY = '2030-06-01';
const WORKSHOP = 'news/2030-03-01-spring-workshop.md';

const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@fixture.example', ...args], { cwd });

/** A step of the maintainer's: what they did, and the calendar files the build then wrote. */
interface Step {
  did: string;
  files: Record<'events.ics' | 'events/spring-workshop.ics', string>;
  warnings: string[];
}

/** Builds the content of `repository` as the build command does, with the history of its news folder. */
async function buildStep(repository: string, did: string): Promise<Step> {
  const contentDir = path.join(repository, 'content');
  const { outDir, result } = await buildIntoTemporaryFolder({
    contentDir,
    today: TODAY,
    eventRevisions: () => readEventRevisions(path.join(contentDir, 'news')),
  });
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
  return {
    did,
    files: {
      'events.ics': await read('events.ics'),
      'events/spring-workshop.ics': await read('events/spring-workshop.ics'),
    },
    warnings: result.warnings.map((warning) => `${warning.where}: ${warning.message}`),
  };
}

let repository: string;
const steps: Step[] = [];

/** Edits the workshop's news file (at `file`, under content/) as a maintainer would in the editor or by hand. */
async function edit(file: string, from: string, to: string) {
  const where = path.join(repository, 'content', file);
  const text = await readFile(where, 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  await writeFile(where, text.replace(from, to));
}

const commit = async (message: string) => {
  await git(repository, 'add', '-A');
  await git(repository, 'commit', '-q', '-m', message);
};

before(async () => {
  repository = path.join(await temporaryFolder(), 'site');
  await cp(fixtureContentDir, path.join(repository, 'content'), { recursive: true });
  await git(repository, 'init', '-q');
  await commit('The site with its events');
  steps.push(await buildStep(repository, 'announced'));
  await edit(
    WORKSHOP,
    'start: 2031-05-19 14:00\nend: 2031-05-19 16:30',
    'start: 2031-05-26 14:00\nend: 2031-05-26 16:30',
  );
  await commit('The workshop moves a week');
  steps.push(await buildStep(repository, 'moved a week'));
  await edit(WORKSHOP, 'start: 2031-05-26 14:00', 'status: rescheduled\nstart: 2031-06-02 14:00');
  await edit(WORKSHOP, 'end: 2031-05-26 16:30', 'end: 2031-06-02 16:30');
  await commit('The workshop is rescheduled');
  steps.push(await buildStep(repository, 'rescheduled'));
  await edit(WORKSHOP, 'status: rescheduled', 'status: moved-online\nonline: https://meet.fixture.example/workshop');
  await commit('The workshop moves online');
  steps.push(await buildStep(repository, 'rescheduled, then moved online'));
  await edit(WORKSHOP, 'status: moved-online', 'status: cancelled');
  steps.push(await buildStep(repository, 'cancelled, not yet committed'));
  await commit('The workshop is cancelled');
  steps.push(await buildStep(repository, 'cancelled and committed'));
  await rename(
    path.join(repository, 'content', WORKSHOP),
    path.join(repository, 'content', 'news', '2030-09-01-spring-workshop.md'),
  );
  await commit('The news of the workshop is dated anew');
  steps.push(await buildStep(repository, 'its file renamed for a new news date, the same event'));
});

/** The SEQUENCE each step gives the workshop (and the seminar, which never changed), in each file, as read. */
const expectedSequences = [0, 1, 2, 3, 4, 4, 4];

type Read = (text: string, where: string) => Promise<{ uid: string | undefined; sequence: number | undefined }[]>;

async function sequencesAsRead(read: Read) {
  const found: string[] = [];
  for (const step of steps)
    for (const [file, text] of Object.entries(step.files)) {
      const events = await read(text, file);
      const workshop = events.filter((event) => event.uid === 'spring-workshop@excon');
      assert.equal(workshop.length, 1, `${step.did}: ${file} holds the workshop once, under the same UID`);
      const seminar = events.find((event) => event.uid === 'online-seminar@excon');
      found.push(`${step.did}: ${file} ${workshop[0]!.sequence}${seminar ? `, the seminar ${seminar.sequence}` : ''}`);
    }
  return found;
}

const expectedLines = () =>
  steps.flatMap((step, index) => [
    `${step.did}: events.ics ${expectedSequences[index]}, the seminar 0`,
    `${step.did}: events/spring-workshop.ics ${expectedSequences[index]}`,
  ]);

test('ical.js: each change of the event gives a higher SEQUENCE under the same UID, and none lowers it', async () => {
  assert.deepEqual(await sequencesAsRead(async (text) => readWithIcalJs(text)), expectedLines(), 'ical.js');
  assert.deepEqual(
    steps.flatMap((step) => step.warnings.filter((warning) => warning.startsWith('events.ics'))),
    [],
    'the whole history was read',
  );
});

pythonReadersTest('vobject and icalendar read the same rising SEQUENCE under the same UID', async (python) => {
  for (const library of ['vobject', 'icalendar'] as const)
    assert.deepEqual(
      await sequencesAsRead(async (text, where) => eventsOf((await python.read(text))[library], library, where)),
      expectedLines(),
      library,
    );
});

test('a shallow clone and a folder outside git build with a warning saying a change may not reach subscribers', async () => {
  const shallow = path.join(await temporaryFolder(), 'shallow');
  await run('git', ['clone', '-q', '--depth', '1', `file://${repository}`, shallow]);
  const copy = path.join(await temporaryFolder(), 'copy');
  await cp(path.join(repository, 'content'), path.join(copy, 'content'), { recursive: true });
  for (const [folder, why] of [
    [
      shallow,
      'the checkout holds only the latest commits (a shallow clone), so the changes of each event before them are not counted',
    ],
    [copy, 'the content is not in a git checkout, so no change of an event is counted'],
  ] as const) {
    const { warnings } = await buildStep(folder, 'built elsewhere');
    assert.deepEqual(
      warnings.filter((warning) => warning.startsWith('events.ics')),
      [
        `events.ics: ${why}: a calendar app ignores a changed event whose SEQUENCE is not higher than before, so a change may not reach subscribers. Build from a full clone (git fetch --unshallow; actions/checkout with fetch-depth: 0).`,
      ],
    );
  }
});

test('npm run build reads the history itself: the events.ics it writes has the SEQUENCE of the changes', async () => {
  const folder = await temporaryFolder();
  const outDir = path.join(folder, 'dist');
  const content = path.join(repository, 'content');
  const report = path.join(folder, 'build-report.json');
  await run(
    process.execPath,
    ['scripts/run-build.js', '--content', content, '--out', outDir, '--today', TODAY, '--report', report],
    { cwd: projectRoot, env: { ...process.env, BASE_PATH: '', SITE_URL: '' } },
  );
  const [workshop] = readWithIcalJs(await readFile(path.join(outDir, 'events', 'spring-workshop.ics'), 'utf8'));
  assert.deepEqual([workshop!.uid, workshop!.sequence, workshop!.status], ['spring-workshop@excon', 4, 'CANCELLED']);
});
