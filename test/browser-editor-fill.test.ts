/**
 * A paper from its DOI, in the form (issue 41, item 5): "Fill from the DOI"
 * asks the DOI registries from the browser, only when pressed, and the entry
 * it saves is the entry `npm run cite -- add` writes for the same DOI. The
 * registries are a loopback stand-in playing recorded answers
 * (test/fixtures/doi/README.md names each source): the page asks
 * https://api.crossref.org and https://api.datacite.org as it would on the
 * live site, under /admin/'s own policy, and the test's route hands each
 * request to the stand-in, answering with the recorded body and the recorded
 * Access-Control-Allow-Origin header. /admin/ is opened and signed in to
 * once for the file; each test leaves the entry before it unsaved.
 */
import assert from 'node:assert/strict';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { startRecordedResolver, type RecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import { withChromium } from './helpers/browser/chromium.ts';
import { edgeContrast } from './helpers/browser/colours.ts';
import { citeContent, runCiteOn } from './helpers/cite.ts';
import {
  type AdminPage,
  click,
  type EditorSession,
  fieldSection,
  leaveEntry,
  openEntry,
  registriesPlayedBy,
  save,
  signInLocally,
  startEditorSession,
  type,
} from './helpers/editor-session.ts';

const DOI = '10.1126/science.169.3946.635';
const PUBLICATIONS = 'content/publications.yml';

withChromium('Fill from the DOI', (executablePath) =>
  describe('Fill from the DOI', () => {
    let session: EditorSession;
    let resolver: RecordedResolver;
    const unreachable = new Set<string>();
    /** The file's one page at /admin/, signed in once. */
    let admin: AdminPage;
    before(async () => {
      [session, resolver] = await Promise.all([startEditorSession(executablePath), startRecordedResolver()]);
      admin = await session.openAdmin({ routes: [registriesPlayedBy(resolver, unreachable)] });
      await signInLocally(session, admin);
    });
    after(async () => {
      await session?.stop();
      await resolver?.close();
    });

    /** The publications open, as saved: the entry a test before left open is left without saving. */
    async function signedIn(): Promise<AdminPage> {
      await leaveEntry(admin.page);
      await openEntry(admin.page, 'settings/entries/publications');
      return admin;
    }

    /** Adds a publication to the second theme, types `doi`, presses the button; what the field then says. */
    async function fill(admin: AdminPage, doi: string): Promise<string> {
      const theme = admin.page.getByRole('group', { name: /The Second Example Theme\W*Field/ });
      await click(admin, theme.getByRole('button', { name: /^Add\W*Publication\W*$/ }));
      const field = await fieldSection(admin.page, 'DOI', theme);
      await type(admin, field.getByRole('textbox', { name: 'DOI' }), doi);
      await click(admin, field.getByRole('button', { name: 'Fill from the DOI' }));
      const said = field.getByRole('status');
      await admin.page.waitForFunction(
        (element) => Boolean(element?.textContent) && !element!.textContent!.startsWith('Asking'),
        await said.elementHandle(),
      );
      return said.innerText();
    }

    test('asks nothing until the button is pressed; the saved entry is the entry cite add writes; the DOI’s box is seen as a box', async (t) => {
      // cite add, on a copy of the same content, against the same recordings.
      const cite = await citeContent();
      const contentDir = path.join(session.repository, 'content');
      await cp(path.join(contentDir, 'publications.yml'), cite.file);
      const { code, output } = await runCiteOn(['add', DOI, '--theme', 'second-example'], cite.contentDir, {
        resolver: { resolver: resolver.url, backoffMs: 10, timeoutMs: 5000 },
        openAccessApi: resolver.url,
      });
      t.diagnostic(output);
      assert.ok(code === 0 || code === 2, output);
      const added = (parse(await cite.read()) as Record<string, unknown[]>)['second-example']!.at(-1);
      await cite.done();

      const admin = await signedIn();
      try {
        assert.equal(session.offsite.length, 0, 'nothing asked of another host before the press');
        const said = await fill(admin, DOI);
        assert.match(
          said,
          /^Found: Frank, H\. S\. \(1970\)\. The Structure of Ordinary Water: .* Save to add its details/,
        );
        // Where to type the DOI is seen: the box has an edge against the form (it had none), its text the form's size.
        const second = admin.page.getByRole('group', { name: /The Second Example Theme\W*Field/ });
        const box = (await fieldSection(admin.page, 'DOI', second)).getByRole('textbox', { name: 'DOI' });
        const edge = await edgeContrast(box);
        assert.ok(edge >= 3, `the DOI box's edge against the form: ${edge.toFixed(2)}:1, not 3:1`);
        // And in the CMS's dark theme, which follows the system's.
        await admin.page.emulateMedia({ colorScheme: 'dark' });
        try {
          const dark = await edgeContrast(box);
          assert.ok(dark >= 3, `the DOI box's edge against the dark form: ${dark.toFixed(2)}:1, not 3:1`);
        } finally {
          await admin.page.emulateMedia({ colorScheme: null });
        }
        assert.equal(await box.evaluate((element) => getComputedStyle(element).fontSize), '16px');
        assert.ok(
          session.offsite.every((url) => url.startsWith('https://api.crossref.org/')),
          session.offsite.join(),
        );
        const saved = await save(admin, PUBLICATIONS);
        assert.equal(saved.check, 'passed', saved.panel);
        assert.equal(saved.verdict, 'passed', saved.panel);
        const entry = (parse(await session.onDisk(PUBLICATIONS)) as Record<string, unknown[]>)['second-example']!.at(
          -1,
        );
        const {
          freeCopy: _,
          freeCopyVersion: __,
          freeCopyFoundBy: ___,
          ...fromCite
        } = added as Record<string, unknown>;
        assert.deepEqual(
          entry,
          fromCite,
          'the same entry as cite add (whose free copy Unpaywall gives, not asked here)',
        );
        // The form shows the filled fields, staying in the entry.
        const theme = admin.page.getByRole('group', { name: /The Second Example Theme\W*Field/ });
        const title = (await fieldSection(admin.page, 'Title', theme)).getByRole('textbox');
        assert.equal(await title.inputValue(), (entry as { title: string }).title);
      } finally {
        await leaveEntry(admin.page);
      }
    });

    test('a DOI already on the site is said so, and nothing is asked', async () => {
      const admin = await signedIn();
      const asked = session.offsite.length;
      try {
        const said = await fill(admin, 'https://doi.org/10.5555/fixture.2');
        assert.equal(
          said,
          '10.5555/fixture.2 is already on the site: “A study whose year is not known”, publication 1 of The Second Example Theme. A paper is listed once.',
        );
        assert.equal(session.offsite.length, asked, 'no registry asked');
      } finally {
        await leaveEntry(admin.page);
      }
    });

    test('a DOI no registry knows, and registries that cannot be reached, are said plainly', async () => {
      const admin = await signedIn();
      try {
        assert.equal(
          await fill(admin, '10.1126/foo'),
          'Neither Crossref nor DataCite knows 10.1126/foo: check the DOI for a typing slip.',
        );
        unreachable.add('10.5555/offline.1');
        assert.match(await fill(admin, '10.5555/offline.1'), /^Crossref and DataCite could not be reached/);
      } finally {
        unreachable.clear();
        await leaveEntry(admin.page);
      }
    });

    test('the only hosts asked were the registries, on a press of the button', () => {
      const hosts = [...new Set(session.offsite.map((url) => new URL(url).host))].sort();
      assert.deepEqual(hosts, ['api.crossref.org', 'api.datacite.org']);
    });
  }),
);
