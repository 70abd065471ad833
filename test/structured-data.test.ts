/**
 * The JSON-LD of the pages: every block of every page is valid schema.org (a
 * check against the vocabulary itself), says what the content says, and
 * cannot be closed early by text of the content.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { SiteContent } from '../src/content-schema.ts';
import { orcidUrl } from '../src/orcid.ts';
import { routes } from '../src/routes.tsx';
import { outputFile } from '../src/urls.ts';
import { workType } from '../src/structured-data.ts';
import { startTags } from './helpers/html.ts';
import { blocksOf, type Json, schemaOrgProblems } from './helpers/schema-org.ts';
import {
  builtRealSite,
  builtSite,
  buildIntoTemporaryFolder,
  fixtureContent,
  fixtureContentDir,
  readPage,
  temporaryFolder,
} from './helpers/site.ts';

/** What each kind of publication is in schema.org's words: an entry without a kind is a journal article. */
const schemaTypeOfKind: [string | undefined, string][] = [
  [undefined, 'ScholarlyArticle'],
  ['article', 'ScholarlyArticle'],
  ['chapter', 'Chapter'],
  ['book', 'Book'],
  ['edited-book', 'Book'],
  ['conference-paper', 'ScholarlyArticle'],
  ['thesis', 'Thesis'],
  ['report', 'Report'],
  ['preprint', 'ScholarlyArticle'],
  ['dataset', 'Dataset'],
  ['software', 'SoftwareSourceCode'],
  ['presentation', 'CreativeWork'],
];

const ofType = (blocks: Json[], type: string) => blocks.filter((block) => block['@type'] === type);
const origin = 'https://fixture.example';

let outDir: string;
let content: SiteContent;
before(async () => {
  [{ outDir }, content] = await Promise.all([builtSite(), fixtureContent()]);
});

describe('the check against the schema.org vocabulary', () => {
  const valid = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Example',
    foundingDate: '2019',
    member: [{ '@type': 'Person', name: 'A. Person', affiliation: { '@type': 'Organization', name: 'A University' } }],
  };

  test('passes a valid block', () => {
    assert.deepEqual(schemaOrgProblems(valid), []);
  });

  const planted: [string, object, string[]][] = [
    [
      'an unknown type',
      { '@type': 'Organisation', foundingDate: undefined, member: undefined },
      [
        '$: @type Organisation is not a schema.org type',
        '$.name: name is not a property of Organisation (it is one of Thing)',
      ],
    ],
    ['an unknown property', { doi: '10.5555/x' }, ['$.doi: doi is not a schema.org property']],
    [
      'a property of another type',
      { affiliation: { '@type': 'Organization', name: 'X' } },
      ['$.affiliation: affiliation is not a property of Organization (it is one of Person)'],
    ],
    [
      'a node of the wrong type',
      { member: [{ '@type': 'ScholarlyArticle', name: 'Not a member' }] },
      ['$.member[0]: a ScholarlyArticle where member takes Organization, Person'],
    ],
    [
      'text where a date belongs',
      { foundingDate: 'the year we began' },
      ['$.foundingDate: "the year we began" where foundingDate takes Date'],
    ],
    ['a node without a type', { member: [{ name: 'Nobody' }] }, ['$.member[0]: has no @type']],
  ];
  for (const [what, change, problems] of planted) {
    test(`finds ${what}`, () => {
      assert.deepEqual(schemaOrgProblems(JSON.parse(JSON.stringify({ ...valid, ...change }))), problems);
    });
  }
});

describe('the JSON-LD of the pages', () => {
  test('every block of every page, on the fixture and the real content, is valid schema.org', async () => {
    const { outDir: realOut } = await builtRealSite();
    for (const [folder, files] of [
      [outDir, [...routes(content).map((route) => outputFile(route.path)), '404.html']],
      [
        realOut,
        ['index.html', 'research/index.html', 'research/cross-cultural/index.html', 'accessibility/index.html'],
      ],
    ] as const) {
      for (const file of files) {
        for (const block of blocksOf(await readFile(path.join(folder, file), 'utf8'))) {
          assert.deepEqual(schemaOrgProblems(block), [], `${file}: ${block['@type']}`);
        }
      }
    }
  });

  test('the home page keeps the Organization, with each member a Person: name, institution, ORCID iD and profile page', async () => {
    const [organization] = ofType(blocksOf(await readPage(outDir, '/')), 'Organization');
    assert.equal(organization.name, content.site.name);
    assert.equal(organization.logo, `${origin}/${content.site.logo}`);
    const members = content.directory.members;
    assert.deepEqual(
      organization.member.map((person: Json) => [person['@type'], person.name]),
      members.map((member) => ['Person', member.name]),
    );
    const withOrcid = members.findIndex((member) => member.orcid);
    const withProfile = members.findIndex((member) => member.profileUrl && !member.orcid);
    assert.ok(withOrcid >= 0 && withProfile >= 0, 'the fixture has a member with an ORCID iD and one with a profile');
    assert.deepEqual(organization.member[withOrcid].sameAs, [orcidUrl(members[withOrcid]!.orcid!)]);
    assert.deepEqual(organization.member[withProfile].sameAs, [members[withProfile]!.profileUrl]);
    assert.deepEqual(organization.member[withProfile].affiliation, {
      '@type': 'Organization',
      name: members[withProfile]!.institution,
    });
    const bare = members.findIndex((member) => !member.orcid && !member.profileUrl && !member.institution);
    assert.deepEqual(organization.member[bare], { '@type': 'Person', name: members[bare]!.name });
  });

  test('a theme page lists its publications in order, each with its DOI as sameAs and identifier, and its trail', async () => {
    for (const theme of content.themes) {
      const blocks = blocksOf(await readPage(outDir, `/research/${theme.id}`));
      const [trail] = ofType(blocks, 'BreadcrumbList');
      assert.deepEqual(
        trail.itemListElement.map((item: Json) => [item.position, item.name, item.item]),
        [
          [1, content.site.acronym, `${origin}/`],
          [2, 'Research Themes', `${origin}/research/`],
          [3, theme.title, `${origin}/research/${theme.id}/`],
        ],
      );
      const [list] = ofType(blocks, 'ItemList');
      const publications = content.publications[theme.id]!;
      assert.equal(list.numberOfItems, publications.length);
      publications.forEach((publication, index) => {
        const entry = list.itemListElement[index];
        assert.equal(entry.position, index + 1);
        assert.equal(
          entry.item['@type'],
          new Map(schemaTypeOfKind).get(publication.type),
          `${publication.title}: ${publication.type ?? 'no kind, an article'}`,
        );
        assert.equal(entry.item.name, publication.title);
        if (publication.doi) {
          assert.equal(entry.item.sameAs, `https://doi.org/${publication.doi}`);
          assert.deepEqual(entry.item.identifier, {
            '@type': 'PropertyValue',
            propertyID: 'DOI',
            value: publication.doi,
          });
        } else {
          assert.equal(entry.item.url, publication.url);
          assert.equal(entry.item.sameAs, undefined, 'no DOI, no sameAs');
        }
      });
    }
  });

  test('the legal pages and the accessibility statement carry a trail from the home page', async () => {
    for (const [route, title] of [
      ['/privacy-policy', content.legal.privacy.title],
      ['/terms-of-service', content.legal.terms.title],
      ['/accessibility', content.accessibility.title],
    ] as const) {
      const [trail] = ofType(blocksOf(await readPage(outDir, route)), 'BreadcrumbList');
      assert.deepEqual(
        trail.itemListElement.map((item: Json) => [item.name, item.item]),
        [
          [content.site.acronym, `${origin}/`],
          [title, `${origin}${route}/`],
        ],
        route,
      );
    }
  });

  test('no page carries Google Scholar citation_* tags, which take one article per page', async () => {
    for (const route of routes(content)) {
      const names = startTags(await readPage(outDir, route.path), ['meta']).map((tag) => tag.attributes.get('name'));
      assert.ok(!names.some((name) => name?.startsWith('citation_')), route.path);
    }
  });

  test('the kind of a publication gives its schema.org type, an article when none is given', () => {
    for (const [kind, type] of schemaTypeOfKind) assert.equal(workType(kind), type, String(kind));
  });

  test('"</script>" in a name or a title cannot end the JSON-LD early', async () => {
    const contentDir = path.join(await temporaryFolder(), 'content');
    await cp(fixtureContentDir, contentDir, { recursive: true });
    const hostile = '</script><script>alert(1)</script>';
    const members = path.join(contentDir, 'members.yml');
    await writeFile(
      members,
      (await readFile(members, 'utf8')).replace('- name: Ben Sample', `- name: "Ben ${hostile}"`),
    );
    const publications = path.join(contentDir, 'publications.yml');
    const theme = content.themes[0]!;
    const title = content.publications[theme.id]![0]!.title;
    const text = await readFile(publications, 'utf8');
    assert.ok(text.includes(`title: ${title}`), 'the first title is written plain');
    await writeFile(publications, text.replace(`title: ${title}`, `title: "${title} ${hostile}"`));
    const { outDir: planted } = await buildIntoTemporaryFolder({ contentDir });

    const home = await readPage(planted, '/');
    assert.equal(
      (home.match(/<\/script>/g) ?? []).length,
      (home.match(/<script\b/g) ?? []).length,
      'each script ends where it was meant to, and none more',
    );
    assert.doesNotMatch(home, /<script>alert/);
    const [organization] = ofType(blocksOf(home), 'Organization');
    assert.ok(organization.member.some((person: Json) => person.name === `Ben ${hostile}`));
    const page = await readPage(planted, `/research/${theme.id}`);
    const [list] = ofType(blocksOf(page), 'ItemList');
    assert.equal(list.itemListElement[0].item.name, `${title} ${hostile}`);
    assert.doesNotMatch(page.slice(page.indexOf('application/ld+json')), /<script>alert/);
  });
});
