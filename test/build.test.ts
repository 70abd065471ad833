/**
 * What the build writes, checked on the fixture content (test/fixtures/content),
 * with every expectation read from that content; and the spec's fixed strings
 * and counts, checked on the real content.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { loadContent } from '../scripts/stages/load-content.ts';
import type { SiteContent } from '../src/content-schema.ts';
import { countLabel, formatDate } from '../src/format.ts';
import { routes as routeTable, type Route } from '../src/routes.tsx';
import { outputFile } from '../src/urls.ts';
import { attributesOf, load, startTags, textOf, textsOf } from './helpers/html.ts';
import { builtRealSite, builtSite, fixtureContent, readPage, realContentDir } from './helpers/site.ts';
import { checkSpecStrings } from './helpers/spec-checks.ts';

let outDir: string;
let content: SiteContent;
let routes: Route[];
let page: (route: string) => Promise<string>;
const origin = 'https://fixture.example';
const canonical = (route: string) => `${origin}${route === '/' ? '/' : `${route}/`}`;

before(async () => {
  [{ outDir }, content] = await Promise.all([builtSite(), fixtureContent()]);
  routes = routeTable(content);
  page = (route) => readPage(outDir, route);
});

describe('output files', () => {
  test('every route is written directory-style, with 404.html, sitemap, feed and robots beside them', () => {
    for (const route of routes)
      assert.ok(existsSync(path.join(outDir, outputFile(route.path))), `${route.path} was written`);
    for (const file of [
      '404.html',
      'sitemap.xml',
      'feed.xml',
      'robots.txt',
      '_headers',
      '.nojekyll',
      'build.json',
      'favicon.svg',
      'uploads/team.svg',
      content.site.logo,
      content.site.ogImage,
    ]) {
      assert.ok(existsSync(path.join(outDir, file)), `${file} was written`);
    }
    assert.ok(!existsSync(path.join(outDir, 'research.html')), 'no file-style page beside the research/ folder');
  });

  test('each page has its own title, description, canonical URL, Open Graph image and feed link', async () => {
    for (const route of routes) {
      const html = await page(route.path);
      const tags = startTags(html);
      assert.equal(
        tags.find((tag) => tag.name === 'link' && tag.attributes.get('rel') === 'canonical')?.attributes.get('href'),
        canonical(route.path),
      );
      assert.match(html, /<title>[^<]+<\/title>/);
      assert.ok(tags.some((tag) => tag.name === 'meta' && tag.attributes.get('name') === 'description'));
      assert.equal(
        tags.find((tag) => tag.attributes.get('property') === 'og:image')?.attributes.get('content'),
        `${origin}/${content.site.ogImage}`,
      );
      const feed = tags.find((tag) => tag.name === 'link' && tag.attributes.get('rel') === 'alternate');
      assert.equal(feed?.attributes.get('type'), 'application/atom+xml', `${route.path} links the feed`);
      assert.equal(feed?.attributes.get('href'), '/feed.xml');
    }
  });

  test('sitemap.xml lists every route at the site URL', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    assert.deepEqual(
      locations,
      routes.map((route) => canonical(route.path)),
    );
    assert.equal(locations.length, 5 + content.themes.length);
    assert.match(
      await readFile(path.join(outDir, 'robots.txt'), 'utf8'),
      /^Sitemap: https:\/\/fixture\.example\/sitemap\.xml$/m,
    );
  });

  test('the 404 page is not indexed and leads home', async () => {
    const html = await page('404.html');
    assert.match(html, /<meta name="robots" content="noindex"\/>/);
    assert.ok(attributesOf(html, 'a', 'href').includes('/'), 'a link to the home page');
    assert.match(textOf(html), /Page not found/);
  });

  test('the _headers file sets a strict Content-Security-Policy without unsafe-inline', async () => {
    const all = await readFile(path.join(outDir, '_headers'), 'utf8');
    // The CMS's rule (/admin/*, its own policy: docs/cms.md) is the last; the visitor pages' rules come before it.
    const headers = all.slice(0, all.indexOf('/admin/*'));
    assert.ok(all.lastIndexOf('\n/') === all.indexOf('\n/admin/*'), 'the CMS rule is the last');
    assert.match(headers, /Content-Security-Policy: default-src 'self'; script-src 'self';/);
    assert.doesNotMatch(headers, /unsafe-inline|unsafe-eval/);
    assert.match(headers, /\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  });

  test('no page has an inline script or a style attribute; CSS and JS have content-hashed names', async () => {
    for (const file of [...routes.map((route) => outputFile(route.path)), '404.html']) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      const scripts = startTags(html).filter((tag) => tag.name === 'script');
      for (const script of scripts) {
        assert.ok(
          script.attributes.has('src') || script.attributes.get('type') === 'application/ld+json',
          `${file}: every script is external`,
        );
      }
      assert.ok(!startTags(html).some((tag) => tag.attributes.has('style')), `${file}: no style attribute`);
      assert.match(html, /href="\/assets\/site-[A-Z0-9]{8}\.css"/);
      assert.match(html, /<script type="module" src="\/assets\/client-[A-Z0-9]{8}\.js"><\/script>/);
    }
  });

  test('the home page carries JSON-LD for the organisation, with the logo of the settings', async () => {
    const [json] = textsOf(await page('/'), 'script[type="application/ld+json"]');
    assert.ok(json, 'JSON-LD present');
    // The organisation, beside the events still to come (test/events.test.ts).
    const data = [JSON.parse(json)].flat().find((item) => item['@type'] === 'Organization');
    assert.equal(data['@type'], 'Organization');
    assert.equal(data.foundingDate, String(content.site.foundedYear));
    assert.equal(data.name, content.site.name);
    assert.equal(data.logo, `${origin}/${content.site.logo}`);
  });
});

describe('home page', () => {
  test('has the sections of the spec, in order, with their ids and the headings of the settings', async () => {
    const html = await page('/');
    const ids = startTags(html)
      .map((tag) => tag.attributes.get('id'))
      .filter(Boolean);
    const sections = ['about', 'research', 'news', 'team', 'publications', 'contact'];
    assert.deepEqual(
      ids.filter((id) => sections.includes(id!)),
      sections,
    );
    const headings = textsOf(html, 'h2[id$="-title"]');
    const { headings: settings } = content.site;
    assert.deepEqual(headings, [
      content.site.about.heading,
      settings.research,
      settings.news,
      settings.team,
      settings.contact,
      settings.join,
    ]);
  });

  test('the header shows the logo of the settings; navigation, hero and footer link to the home sections', async () => {
    const html = await page('/');
    assert.ok(attributesOf(html, 'img', 'src').includes(`/${content.site.logo}`));
    const hrefs = attributesOf(html, 'a', 'href');
    for (const target of ['/#about', '/#research', '/#news', '/#team', '/#publications', '/#contact', '/#top']) {
      assert.ok(hrefs.includes(target), `a link to ${target}`);
    }
  });

  test('About shows the paragraphs, the stats, the statement link and a Follow link from the settings', async () => {
    const html = await page('/');
    const text = textOf(html);
    for (const paragraph of content.site.about.paragraphs) assert.ok(text.includes(paragraph), paragraph);
    for (const stat of content.site.stats) assert.ok(text.includes(`${stat.label} ${stat.value}`), stat.label);
    assert.ok(attributesOf(html, 'a', 'href').includes(content.site.about.positionStatementUrl));
    assert.ok(attributesOf(html, 'a', 'href').includes(content.site.socialProfileUrl));
  });

  test('one research card per theme, titled by its homeTitle where it has one, linking to its page', async () => {
    const html = await page('/');
    const research = html.slice(html.indexOf('id="research"'), html.indexOf('id="news"'));
    const titles = textsOf(research, 'h3.theme-card__title');
    assert.deepEqual(
      titles,
      content.themes.map((theme) => theme.homeTitle ?? theme.title),
    );
    assert.deepEqual(
      attributesOf(research, 'a', 'href'),
      content.themes.map((theme) => `/research/${theme.id}/`),
    );
    assert.ok(
      content.themes.some((theme) => theme.homeTitle),
      'the fixture has a theme with a home title',
    );
  });

  test('news items are shown newest first after the upcoming events, their Markdown rendered with raw HTML shown as text', async () => {
    const html = await page('/');
    const news = html.slice(html.indexOf('id="news"'), html.indexOf('id="team"'));
    const $ = load(news);
    // Upcoming events lead (their order is test/events.test.ts's); every other item follows, newest first by the day
    // it was posted. An announcement's card shows that day; an event's shows its When instead (test/events.test.ts).
    const entries = $('article')
      .toArray()
      .map((article) => ({
        upcoming: $(article).find('.news-entry__status').text() === 'Upcoming event',
        title: $(article).find('.news-entry__title').text().trim(),
        posted: [
          $(article).find('.news-entry__meta time').attr('datetime'),
          $(article).find('.news-entry__meta time').text(),
        ],
      }));
    const firstOther = entries.findIndex((entry) => !entry.upcoming);
    assert.ok(
      entries.slice(firstOther).every((entry) => !entry.upcoming),
      'upcoming events come first',
    );
    const others = entries.slice(firstOther);
    const newestFirst = [...content.news]
      .sort((a, b) => (a.date < b.date ? 1 : -1))
      .filter((item) => others.some((entry) => entry.title === item.title));
    assert.ok(newestFirst.length >= 2, 'the fixture has two news items besides the upcoming events');
    assert.deepEqual(
      others.map((entry) => entry.title),
      newestFirst.map((item) => item.title),
    );
    const announcement = newestFirst.find((item) => item.type !== 'Event');
    assert.ok(announcement, 'the fixture has an announcement');
    assert.deepEqual(others.find((entry) => entry.title === announcement.title)?.posted, [
      announcement.date,
      formatDate(announcement.date, 'short'),
    ]);
    assert.match(news, /<em>shown first<\/em>/);
    assert.match(news, /&lt;b&gt;raw HTML&lt;\/b&gt; stays text/);
    assert.ok(
      attributesOf(news, 'a', 'href').includes('/research/'),
      'a site link in Markdown carries the trailing slash',
    );
  });

  test('members are grouped in the order of the countries list, countries without members left out', async () => {
    const html = await page('/');
    const team = html.slice(html.indexOf('id="team"'), html.indexOf('id="publications"'));
    const groups = textsOf(team, 'h3.member-group__country');
    const { countries, members } = content.directory;
    assert.deepEqual(
      groups,
      countries.filter((country) => members.some((member) => member.country === country)),
    );
    assert.ok(groups.length < countries.length, 'the fixture has a country without members');
    assert.equal(
      textOf(team).match(/View Profile/g)?.length ?? 0,
      members.filter((member) => member.profileUrl).length,
    );
    for (const member of members.filter((member) => member.email))
      assert.ok(attributesOf(team, 'a', 'href').includes(`mailto:${member.email}`));
  });

  test('the contact form as built posts nowhere, keeps its fields disabled and points to the mailbox: required fields, e-mail type, 4 rows', async () => {
    const html = await page('/');
    const form = startTags(html).find((tag) => tag.name === 'form')!;
    assert.equal(form.attributes.has('action'), false, 'a browser would garble a mailto: post');
    const fields = startTags(html).filter((tag) => ['input', 'textarea'].includes(tag.name));
    assert.deepEqual(
      fields.map((tag) => tag.attributes.get('name')),
      ['name', 'email', 'message'],
    );
    assert.ok(fields.every((tag) => tag.attributes.has('required') && tag.attributes.has('disabled')));
    assert.equal(fields[1]!.attributes.get('type'), 'email');
    assert.equal(fields[2]!.attributes.get('rows'), '4');
    assert.match(textOf(html), /Send Message/);
    const join = html.slice(html.indexOf('id="contact"'));
    assert.ok(
      attributesOf(join, 'a', 'href').includes(`mailto:${content.site.contactEmail}`),
      'the mailbox as a plain link beside the form',
    );
  });

  test('the footer has the copyright line of the settings and the legal links', async () => {
    const html = await page('/');
    assert.ok(textOf(html).includes(`© ${content.site.footerYear} ${content.site.name}`));
    const hrefs = attributesOf(html, 'a', 'href');
    assert.ok(hrefs.includes('/privacy-policy/') && hrefs.includes('/terms-of-service/'));
  });

  test('islands are server-rendered inside marked wrappers with their props beside them', async () => {
    const html = await page('/');
    const islands = startTags(html).filter((tag) => tag.attributes.has('data-island'));
    assert.deepEqual(
      islands.map((tag) => tag.attributes.get('data-island')),
      ['MobileMenu', 'ContactForm'],
    );
    assert.deepEqual(JSON.parse(islands[1]!.attributes.get('data-props')!), {
      mailbox: content.site.contactEmail,
      text: content.site.contactForm,
    });
    assert.equal(JSON.parse(islands[0]!.attributes.get('data-props')!).links.length, 5);
  });
});

describe('research pages', () => {
  test('/research shows every theme with its count, the number of its entries, correctly pluralised', async () => {
    const text = textOf(await page('/research'));
    const counts = [...text.matchAll(/(\d+) publications?\b/g)].map((match) => match[0]);
    assert.deepEqual(
      counts,
      content.themes.map((theme) => countLabel(content.publications[theme.id]!.length, 'publication')),
    );
    assert.ok(counts.includes('1 publication'), 'the fixture has a theme with one publication');
    assert.equal(text.match(/View publications/g)?.length, content.themes.length);
  });

  test('each theme page lists its publications with a View link built from the DOI or URL, and none for an entry without either', async () => {
    const word: Record<string, string> = { 'edited-book': 'book', 'conference-paper': 'paper', dataset: 'data set' };
    for (const theme of content.themes) {
      const list = content.publications[theme.id]!;
      const html = await page(`/research/${theme.id}`);
      const text = textOf(html);
      assert.ok(attributesOf(html, 'a', 'href').includes('/#research'));
      const linked = list.filter((publication) => publication.doi || publication.url);
      assert.equal(
        text.match(/View (?:article|chapter|book|paper|thesis|report|preprint|data set|software)/g)?.length ?? 0,
        linked.length,
        `${theme.id}: one link per entry with a DOI or URL`,
      );
      for (const publication of list) {
        assert.ok(text.includes(publication.title), `${theme.id}: ${publication.title}`);
        if (!publication.doi && !publication.url) continue;
        const link = publication.doi ? `https://doi.org/${publication.doi}` : publication.url!;
        assert.ok(attributesOf(html, 'a', 'href').includes(link), `${theme.id}: link ${link}`);
        const type = publication.type ?? 'article';
        const spoken = text.replace(/\s+/g, ' ').replace(/ :/g, ':');
        assert.ok(spoken.includes(`View ${word[type] ?? type}: ${publication.title}`), `${theme.id}: View ${type}`);
      }
    }
    assert.ok(
      Object.values(content.publications)
        .flat()
        .some((publication) => !publication.doi && !publication.url),
      'the fixture has an entry without DOI or URL',
    );
  });

  test('external links, those written in Markdown too, open in a new tab without access to this page', async () => {
    for (const route of routes) {
      const anchors = startTags(await page(route.path)).filter(
        (tag) => tag.name === 'a' && /^https?:/.test(tag.attributes.get('href')!),
      );
      for (const anchor of anchors) {
        assert.equal(anchor.attributes.get('target'), '_blank', anchor.attributes.get('href'));
        assert.equal(anchor.attributes.get('rel'), 'noopener noreferrer');
      }
    }
    assert.ok(
      attributesOf(await page('/privacy-policy'), 'a', 'href').includes('https://legal.fixture.example/privacy'),
    );
  });
});

describe('legal pages', () => {
  test('show their Markdown text under the date of the settings, lead home and have the footer', async () => {
    for (const [route, legal] of [
      ['/privacy-policy', content.legal.privacy],
      ['/terms-of-service', content.legal.terms],
    ] as const) {
      const html = await page(route);
      const text = textOf(html);
      assert.ok(text.includes(`${legal.title} Last updated: ${formatDate(content.site.legalUpdated, 'long')}`), route);
      // Each paragraph of the Markdown, up to its first link.
      for (const paragraph of legal.body.split(/\n\n+/))
        assert.ok(text.includes(paragraph.split('[')[0]!.trim()), `${route}: ${paragraph}`);
      assert.ok(text.includes('Back to Home'));
      assert.match(text, new RegExp(`© ${content.site.footerYear}`));
    }
  });
});

describe('news feed', () => {
  test('feed.xml is well-formed Atom with absolute URLs, its items newest first, updated on the newest date', async () => {
    const feed = await readFile(path.join(outDir, 'feed.xml'), 'utf8');
    assertWellFormedXml(feed);
    assert.match(feed, /^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    const head = feed.slice(0, feed.indexOf('<entry>'));
    const newest = [...content.news].sort((a, b) => (a.date < b.date ? 1 : -1));
    assert.match(head, new RegExp(`<id>${origin}/</id>`));
    assert.match(head, /<title>[^<]+<\/title>/);
    assert.match(
      head,
      new RegExp(`<updated>${newest[0]!.date}T00:00:00Z</updated>`),
      "updated is the newest item's date, not the clock",
    );
    assert.match(head, /<author><name>[^<]+<\/name><\/author>/);
    assert.match(head, new RegExp(`<link rel="self" type="application/atom\\+xml" href="${origin}/feed\\.xml"/>`));
    const entries = [...feed.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);
    assert.equal(entries.length, content.news.length);
    entries.forEach((entry, index) => {
      const item = newest[index]!;
      for (const element of ['id', 'title', 'updated', 'summary'])
        assert.match(entry, new RegExp(`<${element}[ >]`), `entry ${index} has <${element}>`);
      assert.ok(entry.includes(`<title>${item.title}</title>`), item.title);
      assert.ok(entry.includes(`<updated>${item.date}T00:00:00Z</updated>`));
      assert.ok(entry.includes(`<link rel="alternate" href="${item.link}"/>`));
    });
    for (const url of [...feed.matchAll(/(?:href="|<id>)([^"<]+)/g)].map((match) => match[1]!)) {
      assert.match(url, /^https?:\/\//, `${url} is absolute`);
    }
    // Links inside the summaries are absolute too: a feed reader has no page to resolve them against.
    assert.ok(feed.includes('href=&quot;https://fixture.example/research/&quot;'));
  });
});

describe('the real content', () => {
  test("shows the spec's fixed strings and counts", async () => {
    const [{ outDir: realOut }, { content: real }] = await Promise.all([builtRealSite(), loadContent(realContentDir)]);
    await checkSpecStrings(realOut, real);
  });
});

/** Elements balanced and properly nested, attributes quoted, no stray "<" or "&": what a feed reader's XML parser needs. */
function assertWellFormedXml(xml: string) {
  const open: string[] = [];
  const token = /<\?xml[^?]*\?>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    consumed = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      assert.doesNotMatch(text, /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i, `a bare & in ${text}`);
    } else if (name && closing) {
      assert.equal(open.pop(), name, `</${name}> closes the element that is open`);
    } else if (name && !selfClosing) {
      open.push(name);
    }
  }
  assert.equal(consumed, xml.length, `unreadable XML at ${xml.slice(consumed, consumed + 40)}`);
  assert.deepEqual(open, [], 'every element is closed');
}
