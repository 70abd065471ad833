import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { publications } from '../content/publications.ts';
import { outputFile, routes } from '../src/routes.tsx';
import { attributesOf, startTags, textOf } from './helpers/html.ts';
import { builtSite, readPage } from './helpers/site.ts';

let outDir: string;
let page: (route: string) => Promise<string>;

before(async () => {
  ({ outDir } = await builtSite());
  page = (route) => readPage(outDir, route);
});

describe('output files', () => {
  test('every route is written directory-style, with 404.html, sitemap and robots beside them', () => {
    for (const route of routes) assert.ok(existsSync(path.join(outDir, outputFile(route.path))), `${route.path} was written`);
    for (const file of ['404.html', 'sitemap.xml', 'robots.txt', '_headers', '.nojekyll', 'favicon.svg', 'uploads/team.svg', 'uploads/logo.svg']) {
      assert.ok(existsSync(path.join(outDir, file)), `${file} was written`);
    }
    assert.ok(!existsSync(path.join(outDir, 'research.html')), 'no file-style page beside the research/ folder');
  });

  test('each page has its own title, description and canonical URL with the trailing slash', async () => {
    for (const route of routes) {
      const html = await page(route.path);
      const canonical = attributesOf(html, 'link', 'href').find((href) => href.startsWith('https://'));
      const expected = `https://eccron.example${route.path === '/' ? '/' : `${route.path}/`}`;
      assert.equal(canonical, expected, `${route.path} canonical`);
      assert.match(html, /<title>[^<]+<\/title>/);
      assert.ok(startTags(html).some((tag) => tag.name === 'meta' && tag.attributes.get('name') === 'description'));
      assert.ok(startTags(html).some((tag) => tag.name === 'meta' && tag.attributes.get('property') === 'og:image' && tag.attributes.get('content')!.startsWith('https://')));
    }
  });

  test('sitemap.xml lists exactly the 8 routes at the site URL', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    assert.deepEqual(locations, routes.map((route) => `https://eccron.example${route.path === '/' ? '/' : `${route.path}/`}`));
    assert.equal(locations.length, 8);
    assert.match(await readFile(path.join(outDir, 'robots.txt'), 'utf8'), /^Sitemap: https:\/\/eccron\.example\/sitemap\.xml$/m);
  });

  test('the 404 page is not indexed and leads home', async () => {
    const html = await page('404.html');
    assert.match(html, /<meta name="robots" content="noindex"\/>/);
    assert.ok(attributesOf(html, 'a', 'href').includes('/'), 'a link to the home page');
    assert.match(textOf(html), /Page not found/);
  });

  test('the _headers file sets a strict Content-Security-Policy without unsafe-inline', async () => {
    const headers = await readFile(path.join(outDir, '_headers'), 'utf8');
    assert.match(headers, /Content-Security-Policy: default-src 'self'; script-src 'self';/);
    assert.doesNotMatch(headers, /unsafe-inline|unsafe-eval/);
    assert.match(headers, /\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  });

  test('no page has an inline script or a style attribute; CSS and JS have content-hashed names', async () => {
    for (const file of [...routes.map((route) => outputFile(route.path)), '404.html']) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      const scripts = startTags(html).filter((tag) => tag.name === 'script');
      for (const script of scripts) {
        assert.ok(script.attributes.has('src') || script.attributes.get('type') === 'application/ld+json', `${file}: every script is external`);
      }
      assert.ok(!startTags(html).some((tag) => tag.attributes.has('style')), `${file}: no style attribute`);
      assert.match(html, /href="\/assets\/site-[A-Z0-9]{8}\.css"/);
      assert.match(html, /<script type="module" src="\/assets\/client-[A-Z0-9]{8}\.js"><\/script>/);
    }
  });

  test('the home page carries JSON-LD for the organisation', async () => {
    const match = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(await page('/'));
    assert.ok(match, 'JSON-LD present');
    const data = JSON.parse(match[1]!);
    assert.equal(data['@type'], 'Organization');
    assert.equal(data.foundingDate, '2019');
    assert.equal(data.name, 'European Consortium on Cross-Cultural Neuropsychology');
  });
});

describe('home page', () => {
  test('has the sections of the spec, in order, with their ids', async () => {
    const html = await page('/');
    const ids = startTags(html).map((tag) => tag.attributes.get('id')).filter(Boolean);
    const sections = ['about', 'research', 'news', 'team', 'publications', 'contact'];
    assert.deepEqual(ids.filter((id) => sections.includes(id!)), sections);
    const text = textOf(html);
    for (const heading of ['About ECCroN', 'Our Research', 'News', 'Our Members', 'Contact Us', 'Join Our Consortium']) {
      assert.ok(text.includes(heading), heading);
    }
  });

  test('navigation, hero and footer are real links to the home sections', async () => {
    const hrefs = attributesOf(await page('/'), 'a', 'href');
    for (const target of ['/#about', '/#research', '/#news', '/#team', '/#publications', '/#contact', '/#top']) {
      assert.ok(hrefs.includes(target), `a link to ${target}`);
    }
    const text = textOf(await page('/'));
    for (const label of ['About Our Research News Members Contacts Join', 'Our Research Join Consortium', 'About us Research Contact']) {
      assert.ok(text.includes(label), label);
    }
  });

  test('About shows the founding year, the stats, the position statement and a Follow link', async () => {
    const html = await page('/');
    const text = textOf(html);
    assert.match(text, /founded in 2019/);
    assert.match(text, /Specialists 16\+/);
    assert.match(text, /Countries 10\+/);
    assert.ok(attributesOf(html, 'a', 'href').includes('https://doi.org/10.1080/13854046.2021.1981456'));
    assert.match(text, /Follow ECCroN \(opens in a new tab\)/);
  });

  test('the four research cards, the fourth titled "More", each linking to its theme', async () => {
    const html = await page('/');
    const research = html.slice(html.indexOf('id="research"'), html.indexOf('id="news"'));
    const titles = [...research.matchAll(/<h3 class="theme-card__title">([^<]+)<\/h3>/g)].map((match) => match[1]);
    assert.deepEqual(titles, ['Cross-Cultural Assessment and Adaptation', 'Cognitive Screening Tools and Test Validation', 'Caregiver Research', 'More']);
    assert.deepEqual(
      attributesOf(research, 'a', 'href'),
      ['/research/cross-cultural/', '/research/cognitive-screening/', '/research/caregiver/', '/research/interpreter-mediated/'],
    );
    assert.equal(textOf(research).match(/View publications/g)?.length, 4);
  });

  test('the news item is a Publication dated Sep 15, 2021 with a Read more link', async () => {
    const text = textOf(await page('/'));
    assert.match(text, /Publication Sep 15, 2021/);
    assert.match(text, /Read more\s*: Our position statement has been accepted/);
    assert.match(await page('/'), /<time dateTime="2021-09-15">Sep 15, 2021<\/time>/);
  });

  test('members are grouped by country in the spec order, with profile links where known', async () => {
    const html = await page('/');
    const team = html.slice(html.indexOf('id="team"'), html.indexOf('id="publications"'));
    const countries = [...team.matchAll(/<h3 class="member-group__country">([^<]+)<\/h3>/g)].map((match) => match[1]);
    assert.deepEqual(countries, ['Denmark', 'France', 'Italy', 'Netherlands', 'Spain', 'UK']);
    assert.match(textOf(team), /16 specialists from ten countries/);
    assert.equal(textOf(team).match(/View Profile/g)?.length, 2);
  });

  test('the contact form as built posts nowhere, keeps its fields disabled and points to the mailbox: required fields, e-mail type, 4 rows', async () => {
    const html = await page('/');
    const form = startTags(html).find((tag) => tag.name === 'form')!;
    assert.equal(form.attributes.has('action'), false, 'a browser would garble a mailto: post');
    const fields = startTags(html).filter((tag) => ['input', 'textarea'].includes(tag.name));
    assert.deepEqual(fields.map((tag) => tag.attributes.get('name')), ['name', 'email', 'message']);
    assert.ok(fields.every((tag) => tag.attributes.has('required') && tag.attributes.has('disabled')));
    assert.equal(fields[1]!.attributes.get('type'), 'email');
    assert.equal(fields[2]!.attributes.get('rows'), '4');
    assert.match(textOf(html), /Send Message/);
    const join = html.slice(html.indexOf('id="contact"'));
    assert.ok(attributesOf(join, 'a', 'href').includes('mailto:contact@eccron.example'), 'the mailbox as a plain link beside the form');
  });

  test('the footer has the 2025 copyright line and the legal links', async () => {
    const html = await page('/');
    assert.match(textOf(html), /© 2025 European Consortium on Cross-Cultural Neuropsychology/);
    const hrefs = attributesOf(html, 'a', 'href');
    assert.ok(hrefs.includes('/privacy-policy/') && hrefs.includes('/terms-of-service/'));
  });

  test('islands are server-rendered inside marked wrappers with their props beside them', async () => {
    const html = await page('/');
    const islands = startTags(html).filter((tag) => tag.attributes.has('data-island'));
    assert.deepEqual(islands.map((tag) => tag.attributes.get('data-island')), ['MobileMenu', 'ContactForm']);
    assert.equal(JSON.parse(islands[1]!.attributes.get('data-props')!).mailbox, 'contact@eccron.example');
    assert.equal(JSON.parse(islands[0]!.attributes.get('data-props')!).links.length, 5);
  });
});

describe('research pages', () => {
  test('/research shows the four themes with computed, correctly pluralised counts', async () => {
    const html = await page('/research');
    const text = textOf(html);
    assert.match(text, /^.*Research Themes/);
    const titles = [...html.matchAll(/<h2 class="theme-card__title">([^<]+)<\/h2>/g)].map((match) => match[1]);
    assert.equal(titles[3], 'Interpreter-Mediated Assessment');
    const counts = [...text.matchAll(/(\d+) publications?\b/g)].map((match) => match[0]);
    assert.deepEqual(counts, ['6 publications', '6 publications', '2 publications', '4 publications']);
    assert.deepEqual(counts.map((count) => Number.parseInt(count)), Object.values(publications).map((list) => list.length));
    assert.ok(text.includes('Return to Homepage'));
    assert.equal(text.match(/View publications/g)?.length, 4);
  });

  test('each theme page lists its publications with citations and View article links built from DOIs', async () => {
    for (const [id, list] of Object.entries(publications)) {
      const html = await page(`/research/${id}`);
      const text = textOf(html);
      assert.ok(text.includes('Back to Research Areas'));
      assert.ok(attributesOf(html, 'a', 'href').includes('/#research'));
      assert.equal(text.match(/View article/g)?.length, list.length, `${id}: one link per entry`);
      for (const publication of list) {
        assert.ok(text.includes(publication.title), `${id}: ${publication.title.slice(0, 30)}`);
        const link = publication.doi ? `https://doi.org/${publication.doi}` : publication.url!;
        assert.ok(attributesOf(html, 'a', 'href').includes(link), `${id}: link ${link}`);
      }
    }
  });

  test('external links open in a new tab without access to this page', async () => {
    for (const route of routes) {
      const anchors = startTags(await page(route.path)).filter((tag) => tag.name === 'a' && /^https?:/.test(tag.attributes.get('href')!));
      for (const anchor of anchors) {
        assert.equal(anchor.attributes.get('target'), '_blank', anchor.attributes.get('href'));
        assert.equal(anchor.attributes.get('rel'), 'noopener noreferrer');
      }
    }
  });
});

describe('legal pages', () => {
  test('both are dated May 19, 2025, lead home and have the footer', async () => {
    for (const [route, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
    ] as const) {
      const html = await page(route);
      const text = textOf(html);
      assert.ok(text.includes(`${title} Last updated: May 19, 2025`), route);
      assert.ok(text.includes('Back to Home'));
      assert.ok(attributesOf(html, 'a', 'href').includes('/'));
      assert.match(text, /© 2025/);
    }
  });
});
