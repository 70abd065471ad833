/**
 * Refused before it writes (issue 41, items 1 and 2): in Chromium, in local
 * mode under `npm run dev`, a person makes one ordinary mistake of the issue
 * for each kind of field (a text, a pattern, a DOI in a list, a time zone, a
 * day and time, a link to the site's own pages, a choice), and presses Save
 * once. Each is refused before anything is written (the file on disk is
 * byte for byte what it was, and the build never ran), with the message at
 * its field, in the form's words: no YAML path, no command. (The other
 * mistakes' words and places, and each rule's, are unit tests of the check
 * and the form: test/editor-check.test.ts.)
 * The time the clocks skip is refused with the browser in Europe/Amsterdam
 * and in UTC, its two fixes offered; a repeated hour asks which of the two.
 * A save that passes stays in the entry, and its verdict follows (how long it
 * took is measured and reported, never asserted).
 *
 * One page at /admin/ for the file, signed in once: each test leaves the
 * entry it opened as a person does (unsaved, or saved back as it was), and
 * the browser's time zone is set for the page as a test needs it.
 *
 * The content has no zone in site.yml here, so that a timed event needs one
 * of its own, as the build requires.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import { axeResults, describeViolation } from './helpers/browser/axe.ts';
import { withChromium } from './helpers/browser/chromium.ts';
import {
  type AdminPage,
  click,
  type EditorSession,
  fieldMessages,
  fieldSection,
  leaveEntry,
  openEntry,
  press,
  save,
  setTimeZone,
  signInLocally,
  startEditorSession,
  type,
  noSiteZone,
} from './helpers/editor-session.ts';

const EVENT = 'content/news/2030-03-01-spring-workshop.md';
const STATEMENT = 'content/accessibility.md';

/** What a message in the editor must never hold: a YAML path (caregiver[2]), a file's line, a command. */
const codeWords = /\w\[\d+\]|\.ya?ml:\d|npm run|<a href/;

interface Mistake {
  name: string;
  file: string;
  /** Opens the entry and makes the mistake, as a person does. */
  make: (admin: AdminPage) => Promise<void>;
  /** Who refuses: the CMS's own form (a field's own rule), or the site's check before the save. */
  refusedBy: 'form' | 'refused';
  /** The field it is shown at, and the words shown there. */
  field: string;
  says: RegExp;
}

const mistakes: Mistake[] = [
  {
    name: 'a required field left empty',
    file: EVENT,
    refusedBy: 'form',
    field: 'Title',
    says: /This field is required/,
    make: async (admin) => {
      await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
      const title = (await fieldSection(admin.page, 'Title')).getByRole('textbox');
      await click(admin, title);
      await press(admin, 'ControlOrMeta+A');
      await press(admin, 'Backspace');
    },
  },
  {
    name: 'an e-mail address that is none',
    file: 'content/members.yml',
    refusedBy: 'form',
    field: 'E-mail',
    says: /expected an e-mail address such as name@example\.org/,
    make: async (admin) => {
      await openEntry(admin.page, 'settings/entries/members');
      const ada = admin.page.getByRole('group', { name: /Members\W*Field/ });
      await click(admin, ada.getByRole('button', { name: 'Expand' }).first());
      const email = (await fieldSection(admin.page, 'E-mail', ada)).getByRole('textbox');
      await email.fill('ada(at)fixture.example');
    },
  },
  {
    // A DOI pasted as its address is cleaned, not refused (browser-editor-voice.test.ts); one missing its "10." prefix is no DOI.
    name: 'a DOI without its 10. prefix',
    file: 'content/publications.yml',
    refusedBy: 'form',
    field: 'DOI',
    says: /DOI/,
    make: async (admin) => {
      await openEntry(admin.page, 'settings/entries/publications');
      const theme = admin.page.getByRole('group', { name: /The Second Example Theme\W*Field/ });
      await click(admin, theme.getByRole('button', { name: /^Add\W*Publication\W*$/ }));
      await type(admin, theme.getByRole('textbox', { name: 'DOI', exact: true }).last(), '5555/new.1');
    },
  },
  {
    name: 'an event at a time of day without a time zone',
    file: 'content/news/2031-06-01-a-meeting.md',
    refusedBy: 'form',
    field: 'Time zone',
    says: /This field is required/,
    make: async (admin) => {
      await openEntry(admin.page, 'events/new');
      await (await fieldSection(admin.page, 'Title')).getByRole('textbox').fill('A meeting');
      await (await fieldSection(admin.page, 'Date')).getByRole('textbox').fill('2031-06-01');
      const starts = await fieldSection(admin.page, 'Starts');
      await starts.getByRole('textbox', { name: /Day/ }).fill('2031-06-10');
      await starts.getByRole('textbox', { name: /Time/ }).fill('10:00');
      await (await fieldSection(admin.page, 'Place')).getByRole('textbox').fill('Example Hall');
    },
  },
  {
    name: 'an end before its start',
    file: EVENT,
    refusedBy: 'refused',
    field: 'Ends',
    says: /expected an end after the start/,
    make: async (admin) => {
      await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
      const time = (await fieldSection(admin.page, 'Ends')).getByRole('textbox', { name: /Time/ });
      await time.fill('');
      await type(admin, time, '13:00');
    },
  },
  {
    name: 'a link to a page of the site’s own domain that the site does not have',
    file: EVENT,
    refusedBy: 'refused',
    field: 'Registration',
    says: /links to \/register\/, a page this site does not have/,
    make: async (admin) => {
      await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
      const registration = (await fieldSection(admin.page, 'Registration')).getByRole('textbox');
      await registration.fill('https://fixture.example/register/');
    },
  },
  {
    name: '“fully” above a known failure of WCAG',
    file: STATEMENT,
    refusedBy: 'refused',
    field: 'How far the site meets WCAG 2.1 level AA',
    says: /expected partially/,
    make: async (admin) => {
      await openEntry(admin.page, 'accessibility/entries/statement');
      const compliance = admin.page.getByRole('radiogroup', { name: 'How far the site meets WCAG 2.1 level AA' });
      await click(admin, compliance.getByRole('radio', { name: 'fully', exact: true }));
    },
  },
];

withChromium('the editor refuses a mistake before it writes', (executablePath) =>
  describe('the editor refuses a mistake before it writes', () => {
    let session: EditorSession;
    const measured: number[] = [];
    before(async () => {
      session = await startEditorSession(executablePath, { prepare: noSiteZone });
    });
    after(() => session?.stop());

    /**
     * The file's one page at /admin/, signed in once; each test starts at a collection's list (the entry the test
     * before left open, left without saving), in the machine's time zone unless it names one, with no error noted.
     */
    let admin: AdminPage;
    before(async () => {
      admin = await session.openAdmin();
      await signInLocally(session, admin);
      await admin.page
        .getByRole('complementary', { name: /Site build/ })
        .getByText('✓ The site builds')
        .waitFor();
    });
    async function signedIn(timezoneId = ''): Promise<AdminPage> {
      await leaveEntry(admin.page);
      await setTimeZone(admin.page, timezoneId);
      admin.errors.length = 0;
      admin.violations.length = 0;
      return admin;
    }

    for (const mistake of mistakes)
      test(`${mistake.name}: refused at its field in the form's words, and nothing is written`, async () => {
        const admin = await signedIn();
        try {
          const before = await session.onDisk(mistake.file).catch(() => undefined);
          const heardBefore = session.dev.events().length;
          await mistake.make(admin);
          const { check } = await save(admin, mistake.file);
          assert.equal(
            check,
            mistake.refusedBy,
            `refused by ${mistake.refusedBy === 'form' ? 'the form' : 'the check'}`,
          );
          const field = await fieldSection(admin.page, mistake.field);
          const shown = (await field.innerText()).split('\n');
          assert.ok(
            shown.some((line) => mistake.says.test(line)),
            `at “${mistake.field}”: ${mistake.says}, in:\n${shown.join('\n')}`,
          );
          for (const message of await fieldMessages(admin.page)) assert.doesNotMatch(message, codeWords);
          assert.equal(await session.onDisk(mistake.file).catch(() => undefined), before, 'the file is as it was');
          // A build the last test's page set off may still come; none is of this file.
          const built = [
            ...session.dev
              .events()
              .slice(heardBefore)
              .matchAll(/event: building\ndata: (.*)\n/g),
          ].flatMap(([, files]) => JSON.parse(files!) as string[]);
          assert.ok(!built.some((file) => mistake.file.endsWith(file)), `nothing was built from it: ${built}`);
          assert.deepEqual(admin.errors, []);
          assert.deepEqual(admin.violations, []);
        } finally {
          await leaveEntry(admin.page);
        }
      });

    test('line breaks pasted into a title are joined with spaces, and the field says so', async () => {
      const admin = await signedIn();
      try {
        await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
        const title = (await fieldSection(admin.page, 'Title')).getByRole('textbox');
        await click(admin, title);
        await press(admin, 'ControlOrMeta+A');
        await title.evaluate((box) => {
          const data = new DataTransfer();
          data.setData('text/plain', 'A made-up spring\r\nworkshop\n in Example City');
          box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        });
        assert.equal(await title.inputValue(), 'A made-up spring workshop in Example City');
        await (await fieldSection(admin.page, 'Title'))
          .getByText('The pasted text had 3 lines; this field holds one, so they are joined with spaces.')
          .waitFor();
      } finally {
        await leaveEntry(admin.page);
      }
    });

    for (const timezoneId of ['Europe/Amsterdam', 'UTC'])
      test(`the time the clocks skip, typed with the browser in ${timezoneId}: kept as typed, refused, and both fixes offered`, async () => {
        const admin = await signedIn(timezoneId);
        try {
          const before = await session.onDisk(EVENT);
          await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
          const starts = await fieldSection(admin.page, 'Starts');
          const [day, time] = [
            starts.getByRole('textbox', { name: /Day/ }),
            starts.getByRole('textbox', { name: /Time/ }),
          ];
          await day.fill('2031-03-30');
          await time.fill('02:30');
          // Never shifted: the box holds what was typed, whatever the browser's zone.
          assert.deepEqual([await day.inputValue(), await time.inputValue()], ['2031-03-30', '02:30']);
          const { check } = await save(admin, EVENT);
          assert.equal(check, 'form');
          assert.equal(await session.onDisk(EVENT), before, 'nothing was written');
          // Refused at its field, in the form's words.
          const said = /02:30 does not exist on March 30, 2031 in Europe\/Amsterdam: clocks jump from 02:00 to 03:00/;
          const shown = (await starts.innerText()).split('\n');
          assert.ok(
            shown.some((line) => said.test(line)),
            `at “Starts”: ${said}, in:\n${shown.join('\n')}`,
          );
          for (const message of await fieldMessages(admin.page)) assert.doesNotMatch(message, codeWords);
          // Both fixes, one press each; the first one taken is what is saved.
          await starts.getByRole('button', { name: 'Use 01:30' }).waitFor();
          await click(admin, starts.getByRole('button', { name: 'Use 03:30' }));
          assert.equal(await time.inputValue(), '03:30');
          const saved = await save(admin, EVENT);
          assert.equal(saved.check, 'passed');
          assert.equal(saved.verdict, 'passed', saved.panel);
          assert.match(await session.onDisk(EVENT), /^start: 2031-03-30 03:30$/m);
          assert.match(await session.onDisk(EVENT), /^timezone: Europe\/Amsterdam$/m);
          // Put back as it was, for the tests that follow.
          await day.fill('2031-05-19');
          await time.fill('14:00');
          assert.equal((await save(admin, EVENT)).check, 'passed');
          assert.equal(await session.onDisk(EVENT), before);
        } finally {
          await leaveEntry(admin.page);
        }
      });

    test('the hour the clocks go back over asks which of the two is meant, and saves the one chosen with its offset', async () => {
      const admin = await signedIn('UTC');
      try {
        const before = await session.onDisk(EVENT);
        await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
        const starts = await fieldSection(admin.page, 'Starts');
        const ends = await fieldSection(admin.page, 'Ends');
        await starts.getByRole('textbox', { name: /Day/ }).fill('2031-10-26');
        await starts.getByRole('textbox', { name: /Time/ }).fill('02:30');
        await ends.getByRole('textbox', { name: /Day/ }).fill('2031-10-26');
        await ends.getByRole('textbox', { name: /Time/ }).fill('04:00');
        const question = starts.getByRole('group', {
          name: /02:30 happens twice on October 26, 2031 in Europe\/Amsterdam/,
        });
        await question.waitFor();
        assert.equal((await save(admin, EVENT)).check, 'form', 'not saved until one is chosen');
        assert.equal(await session.onDisk(EVENT), before);
        await click(admin, question.getByRole('radio', { name: /The second, after the clocks go back/ }));
        const saved = await save(admin, EVENT);
        assert.equal(saved.check, 'passed', saved.panel);
        assert.match(await session.onDisk(EVENT), /^start: 2031-10-26 02:30 \+01:00$/m);
        // Put back.
        await starts.getByRole('textbox', { name: /Day/ }).fill('2031-05-19');
        await starts.getByRole('textbox', { name: /Time/ }).fill('14:00');
        await ends.getByRole('textbox', { name: /Day/ }).fill('2031-05-19');
        await ends.getByRole('textbox', { name: /Time/ }).fill('16:30');
        assert.equal((await save(admin, EVENT)).check, 'passed');
        assert.equal(await session.onDisk(EVENT), before);
      } finally {
        await leaveEntry(admin.page);
      }
    });

    test('a save that passes stays in the entry, and the build’s verdict follows, dated; axe finds nothing of ours', async (t: TestContext) => {
      const admin = await signedIn();
      try {
        await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
        for (const place of ['Example Centre, Room 3, Example City', 'Example Centre, Room 2, Example City']) {
          const box = (await fieldSection(admin.page, 'Place')).getByRole('textbox');
          await box.fill(place);
          const saved = await save(admin, EVENT);
          assert.equal(saved.verdict, 'passed', saved.panel);
          assert.match(
            saved.panel,
            /✓ The site builds with content\/news\/2030-03-01-spring-workshop\.md \(at \d{2}:\d{2}:\d{2}\)/,
          );
          measured.push(saved.milliseconds!);
          // Still in the entry: its Save button, its field.
          assert.equal(await admin.page.getByRole('button', { name: 'Save', exact: true }).count(), 1);
          assert.equal(await box.inputValue(), place);
        }
        t.diagnostic(`from Save to the build's verdict: ${measured.map((ms) => `${ms} ms`).join(', ')}`);
        // A problem shown too, for axe to look at the panel and a field's message together.
        const link = (await fieldSection(admin.page, 'Read more link')).getByRole('textbox');
        await link.fill('news.fixture.example');
        assert.equal((await save(admin, EVENT)).check, 'refused');
        const ours = (await axeResults(admin.page))
          .filter((violation) =>
            violation.nodes.some(
              (node) => String(node.target[0]).includes('eccron') || String(node.target[0]).startsWith('#eccron'),
            ),
          )
          .map(describeViolation);
        assert.deepEqual(ours, [], 'axe finds nothing in the panel or a field’s message');
      } finally {
        await leaveEntry(admin.page);
      }
    });

    test('the panel stands beside the form, never over it, and a problem’s link opens its field', async () => {
      const admin = await signedIn();
      try {
        await openEntry(admin.page, 'events/entries/2030-03-01-spring-workshop');
        const ends = await fieldSection(admin.page, 'Ends');
        const time = ends.getByRole('textbox', { name: /Time/ });
        await time.fill('13:00');
        assert.equal((await save(admin, EVENT)).check, 'refused');
        const panel = admin.page.getByRole('complementary', { name: /Site build/ });
        const [form, side] = [
          await admin.page.locator('[data-entry-draft-root]').boundingBox(),
          await panel.boundingBox(),
        ];
        assert.ok(
          form!.x + form!.width <= side!.x,
          `the form (to ${form!.x + form!.width}) ends where the panel begins (${side!.x})`,
        );
        // From the panel, the problem's link takes the person to the field.
        await admin.page.getByRole('textbox', { name: 'Title', exact: true }).focus();
        await click(admin, panel.getByRole('link', { name: /Events › “A made-up spring workshop” › Ends/ }));
        await admin.page.waitForFunction(() => document.activeElement?.closest('section')?.dataset.keyPath === 'end');
      } finally {
        await leaveEntry(admin.page);
      }
    });

    test('no request left for another host', () => {
      assert.deepEqual(session.offsite, []);
    });
  }),
);
