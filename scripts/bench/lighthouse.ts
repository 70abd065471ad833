/**
 * npm run bench:lighthouse [-- --runs 3] [--route /research]
 *
 * Builds the site (its siteUrl the served origin), serves it with the
 * project's static server, and runs Lighthouse's mobile defaults on every
 * route. Target: 100 in all four categories, and LCP equal to FCP, read from
 * the recorded trace (same frame, the LCP element no image). The simulated
 * (Lantern) FCP and LCP are shown beside the observed ones with the requests
 * that part them: the simulated LCP also waits for requests the paint did not
 * need, such as the favicon. Each route's median of --runs runs (3) is
 * Lighthouse's computeMedianRun, as its figures swing on a busy machine.
 * Prints a table and the audits that cost points; writes
 * reports/lighthouse.json; exits 1 when a route misses the target.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LaunchedChrome } from 'chrome-launcher';
import { buildSite } from '../build-site.ts';
import { readCommandLine } from '../lib/command-line.ts';
import { projectRoot } from '../lib/project-root.js';
import { startStaticServer } from '../lib/static-server.ts';
import { bold, dim, green, red, table } from '../lib/terminal.ts';
import { routes as routeTable } from '../../src/routes.tsx';
import { loadContent } from '../stages/load-content.ts';
import { chromiumArgs, findChromium } from '../lib/chromium.ts';

const { values } = readCommandLine(
  { options: { route: { type: 'string', multiple: true }, runs: { type: 'string', default: '3' } } },
  // 1 is a route that misses the target.
  { usage: 'Usage: npm run bench:lighthouse [-- --runs 3] [--route /research]', exitCode: 2 },
);
// Loaded once the command line is read, so that a mistake on it is told without loading Lighthouse.
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
const runs = Math.max(1, Number(values.runs));
const routes = routeTable((await loadContent(path.join(projectRoot, 'content'))).content);
const chosen = values.route ? routes.filter((route) => values.route!.includes(route.path)) : routes;
if (chosen.length === 0) throw new Error(`no route ${values.route?.join(', ')} in src/routes.tsx`);

const { executablePath: chromePath, problem } = findChromium(process.env, process.platform, { browser: true });
if (!chromePath) {
  console.error(red(problem!));
  process.exit(1);
}
const chromeFlags = ['--headless=new', ...chromiumArgs];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface RouteResult {
  route: string;
  url: string;
  scores: Record<(typeof categories)[number], number>;
  /** Simulated (Lantern), as scored. */
  fcpMs: number;
  lcpMs: number;
  /** In the recorded trace. */
  observedFcpMs: number;
  observedLcpMs: number;
  lcpElement?: string;
  /** When the simulated LCP comes after the simulated FCP: the requests, besides the page and its stylesheet, started before the observed paint. */
  startedBeforePaint: string[];
  /** Audits that cost points: weighted, scored and below 1. */
  failing: { category: string; id: string; title: string; score: number; displayValue?: string }[];
  /** Performance score of every run, the reported (median) one among them. */
  performanceRuns: number[];
  ok: boolean;
}

/**
 * One Lighthouse run. Chromium now and then fails to record the trace of a
 * load (NO_NAVSTART, NO_FCP); such a run measured nothing and is repeated.
 */
async function audit(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const runnerResult = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runnerResult;
    if (!lhr.runtimeError) return lhr;
    if (attempt === attempts)
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(dim(`  ${lhr.runtimeError.code}: running it again`));
  }
}

const work = await mkdtemp(path.join(os.tmpdir(), 'eccron-lighthouse-'));
const outDir = path.join(work, 'dist');
// The server reads each file when asked, so it can start before the build and
// the build can use its origin.
const server = await startStaticServer({ root: outDir });
const origin = new URL(server.url).origin;
let chrome: LaunchedChrome | undefined;

try {
  await buildSite({ outDir, siteUrl: origin });
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });

  const results: RouteResult[] = [];
  for (const route of chosen) {
    const url = new URL(route.path === '/' ? '/' : `${route.path}/`, origin).href;
    process.stdout.write(dim(`${route.path} …\n`));
    const all: Awaited<ReturnType<typeof audit>>[] = [];
    for (let run = 0; run < runs; run += 1) all.push(await audit(url, chrome.port));
    const lhr = computeMedianRun(all) as (typeof all)[number];
    const performanceRuns = all.map((result) => Math.round((result.categories.performance?.score ?? 0) * 100));

    const scores = Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as RouteResult['scores'];
    const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
    const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string } }[] }[] }
      | undefined;
    const lcpElement = lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet;
    const observed =
      (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    const observedFcpMs = observed.observedFirstContentfulPaint ?? Number.NaN;
    const observedLcpMs = observed.observedLargestContentfulPaint ?? Number.NaN;
    const requests =
      (
        lhr.audits['network-requests']?.details as
          | { items?: { url: string; networkRequestTime?: number; resourceType?: string }[] }
          | undefined
      )?.items ?? [];
    const startedBeforePaint = requests
      .filter(
        (request) =>
          (request.networkRequestTime ?? Infinity) < observedLcpMs &&
          request.resourceType !== 'Document' &&
          request.resourceType !== 'Stylesheet',
      )
      .map((request) => new URL(request.url).pathname);
    const failing = categories.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter(
          (audit) =>
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.score !== null &&
            audit.score < 1,
        )
        .map((audit) => ({
          category,
          id: audit.id,
          title: audit.title,
          score: audit.score!,
          displayValue: audit.displayValue,
        })),
    );
    const lcpIsImage = /^<(img|image|video|svg|picture)\b/i.test(lcpElement ?? '');
    const ok = categories.every((id) => scores[id] === 100) && observedLcpMs === observedFcpMs && !lcpIsImage;
    results.push({
      route: route.path,
      url,
      scores,
      fcpMs,
      lcpMs,
      observedFcpMs,
      observedLcpMs,
      lcpElement,
      startedBeforePaint,
      failing,
      performanceRuns,
      ok,
    });
  }

  const rows = [
    [
      'Route',
      'Performance',
      'Accessibility',
      'Best practices',
      'SEO',
      'FCP',
      'LCP',
      'observed FCP / LCP',
      'LCP element',
      'Target',
    ],
    ...results.map((result) => [
      result.route,
      ...categories.map((id) => String(result.scores[id])),
      `${result.fcpMs.toFixed(0)} ms`,
      `${result.lcpMs.toFixed(0)} ms`,
      `${result.observedFcpMs.toFixed(0)} / ${result.observedLcpMs.toFixed(0)} ms`,
      (result.lcpElement ?? '?').replace(
        /^<([\w-]+)(?:[^>]*?class="([^" ]+)[^>]*)?.*$/,
        (_, tag: string, className?: string) => `<${tag}${className ? `.${className}` : ''}>`,
      ),
      result.ok ? green('✓') : red('✗'),
    ]),
  ];
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  console.log(
    `\n${bold('Lighthouse 12, mobile defaults, Chromium')} ${dim(`(${chromePath}; median of ${runs} run${runs === 1 ? '' : 's'} per route)`)}`,
  );
  console.log(lines.join('\n'));
  console.log(
    dim(
      'FCP and LCP: simulated for a slow phone, as scored. Target: 100 in all four categories, and LCP = FCP in the recorded trace with a text element as LCP (no late image or font).',
    ),
  );
  for (const result of results) {
    if (result.observedLcpMs !== result.observedFcpMs)
      console.log(
        red(
          `${result.route}: the largest paint (${result.lcpElement ?? 'unknown'}) came ${(result.observedLcpMs - result.observedFcpMs).toFixed(0)} ms after the first`,
        ),
      );
    else if (Math.round(result.lcpMs) !== Math.round(result.fcpMs)) {
      console.log(
        dim(
          `${result.route}: simulated LCP ${(result.lcpMs - result.fcpMs).toFixed(0)} ms after FCP, from requests started before the paint: ${result.startedBeforePaint.join(', ')}`,
        ),
      );
    }
    for (const audit of result.failing) {
      console.log(
        red(
          `${result.route}: ${audit.category} › ${audit.id} (${audit.title}) scored ${audit.score}${audit.displayValue ? `: ${audit.displayValue}` : ''}`,
        ),
      );
    }
  }

  const reportFile = path.join(projectRoot, 'reports', 'lighthouse.json');
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(
    reportFile,
    `${JSON.stringify({ date: new Date().toISOString(), lighthouse: '12', chromePath, chromeFlags, results }, null, 2)}\n`,
  );
  console.log(dim(`\nWritten to ${path.relative(process.cwd(), reportFile)}`));
  if (results.some((result) => !result.ok)) process.exitCode = 1;
} finally {
  await chrome?.kill();
  await server.close();
  await rm(work, { recursive: true, force: true });
}
