/**
 * npm run bench [-- --runs 7] [--sizes 100,1000,10000] [--load-seconds 10] [--strict]
 *
 * How fast and how light the site and its build are, against the targets of
 * the project's performance targets:
 *
 *  1. Cold builds of the real site, each in a fresh process, beside the floor
 *     every such process pays before doing anything (Node plus tsx's loader):
 *     wall time and peak memory, median / min / max.
 *  2. Per route: HTML, CSS and JS bytes, raw and gzip, and the requests the
 *     page needs for its first paint (see scripts/lib/page-weight.ts).
 *  3. A scale run: generated sites of 100, 1,000 and 10,000 routes through
 *     the same pipeline, to show the cost per route stays flat.
 *  4. A load run of the preview server on loopback (autocannon, 50
 *     connections for 10 s over every page and the assets they load) while
 *     the site is built again into the served folder several times: requests
 *     per second, p99 latency, errors, non-2xx answers, the server's peak
 *     memory (see scripts/bench/load-preview.ts). --load-seconds 0 skips it.
 *
 * Prints tables and writes reports/bench.json (outside dist/). Timings depend
 * on the machine and on what else runs on it; sizes are exact. With --strict
 * the exit code is 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { projectRoot } from '../build-site.ts';
import { cacheFolder } from '../lib/bundled-build.js';
import { loadPreview, type LoadResult } from './load-preview.ts';
import type { ScaleResult } from './scale-build.ts';
import { fontPolicy, pageWeight, readFromFolder, type PageWeight } from '../lib/page-weight.ts';
import { bold, dim, green, kilobytes, red, table, yellow } from '../lib/terminal.ts';
import type { BuildReport } from '../stages/report.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    sizes: { type: 'string', default: '100,1000,10000' },
    'load-seconds': { type: 'string', default: '10' },
    strict: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const sizes = values.sizes!.split(',').filter(Boolean).map(Number);

const KB = 1024;
const MiB = 1024 * 1024;
const targets = {
  buildAboveFloorMs: 150,
  peakMemory: 150 * MiB,
  jsPerPageGzip: 10 * KB,
  cssPerPageGzip: 8 * KB,
  homeHtmlGzip: 30 * KB,
  tenThousandRoutesMs: 10_000,
};

/** The same site built with other generators on the same kind of machine (2 cores), measured once and recorded here; not measured by this script. */
const others = [
  {
    name: 'Astro 7 + React islands (reference)',
    seconds: '1.34–1.58',
    memory: '415 MiB',
    homeJs: '70 KB gzip in 6 files',
  },
  {
    name: 'Next.js 16 static export (reference)',
    seconds: '5.5–6.2',
    memory: '560 MiB',
    homeJs: '139 KB gzip in 7 files',
  },
];

const work = await mkdtemp(path.join(os.tmpdir(), 'eccron-bench-'));
const loadAtStart = os.loadavg()[0]!;

// ---------------------------------------------------------------------------
// Processes

/*
 * Every measured command runs as `node --require <tsx preflight> --import
 * <tsx loader> ...`: exactly the process the tsx command line starts for a
 * script, without tsx's small parent process that only relays signals. So the
 * floor `tsx -e ''` and the build are measured the same way, in one process.
 *
 * Cold: TSX_DISABLE_CACHE=1 keeps tsx from reading or writing its transform
 * cache (os.tmpdir()/tsx-<uid>), so every TypeScript file is compiled again,
 * as on a fresh checkout; the cache folder itself is left alone, since other
 * processes on the machine may be using it. Every build writes to a new
 * output folder, removed afterwards. esbuild and Node 20 keep no cache on disk.
 * The build command's own bundle of its pipeline (scripts/lib/bundled-pipeline.ts)
 * is there, as after any earlier build; a second series removes it first, as
 * the first build after an edit of src/ or scripts/ finds it.
 *
 * Peak memory: a one-line module, imported at start-up right after tsx's,
 * writes process.resourceUsage().maxRSS when the process exits. That is the
 * peak resident set of the whole Node process, main thread and tsx's loader
 * thread together, the same figure /usr/bin/time -v prints as "Maximum
 * resident set size" for the build (checked: 95,672 KB both ways). esbuild's
 * service is a separate Go process and is not included.
 *
 * Wall time is taken here, from spawn to exit, so it includes starting Node.
 */
const tsxLoader = import.meta.resolve('tsx');
const tsxPreflight = import.meta.resolve('tsx/preflight');
const peakHook = (file: string) =>
  `data:text/javascript,${encodeURIComponent(
    `import{writeFileSync as w}from'node:fs';process.on('exit',()=>w(${JSON.stringify(file)},String(process.resourceUsage().maxRSS*1024)))`,
  )}`;

interface Measured {
  ms: number;
  maxRss: number;
  stdout: string;
}

let processCount = 0;
async function measure(args: string[], env: Record<string, string> = {}, plainNode = false): Promise<Measured> {
  processCount += 1;
  const peakFile = path.join(work, `peak-${processCount}`);
  const nodeArgs = [
    ...(plainNode ? [] : ['--require', fileURLToPath(tsxPreflight), '--import', tsxLoader]),
    '--import',
    peakHook(peakFile),
    ...args,
  ];
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: projectRoot,
    env: { ...process.env, TSX_DISABLE_CACHE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${stderr}`);
  return { ms, maxRss: Number(await readFile(peakFile, 'utf8')), stdout };
}

/** A cold build of the real site, as `npm run build` runs it (scripts/build.ts), into a new folder. */
let buildCount = 0;
async function coldBuild(
  keep = false,
  { withoutPipelineBundle = false } = {},
): Promise<Measured & { outDir: string; report: BuildReport }> {
  if (withoutPipelineBundle) await rm(cacheFolder(projectRoot), { recursive: true, force: true });
  buildCount += 1;
  const folder = path.join(work, `build-${buildCount}`);
  const outDir = path.join(folder, 'dist');
  const reportFile = path.join(folder, 'build.json');
  const result = await measure(['scripts/build.ts', '--out', outDir, '--report', reportFile]);
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as BuildReport;
  if (!keep) await rm(folder, { recursive: true, force: true });
  return { ...result, outDir, report };
}

const floorArgs = ['-e', ''];

interface Stats {
  median: number;
  min: number;
  max: number;
  samples: number[];
}
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, samples };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const mark = (ok: boolean) => (ok ? green('✓') : red('✗'));
const heading = (text: string) => console.log(`\n${bold(text)}`);
/** A progress line that rewrites itself on a terminal and says nothing in a pipe. */
const progress = (text: string) => {
  if (process.stdout.isTTY) process.stdout.write(`\r\u001b[K${text && dim(text)}`);
};

function printTable(rows: string[][]) {
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  console.log(lines.join('\n'));
}

try {
  console.log(
    dim(
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load ${loadAtStart.toFixed(2)}, ${runs} runs each`,
    ),
  );
  if (loadAtStart > os.cpus().length / 2) {
    console.log(
      yellow(
        `The machine is busy (load ${loadAtStart.toFixed(2)}): timings will be higher than on an idle machine; sizes are exact.`,
      ),
    );
  }

  // -------------------------------------------------------------------------
  // 1. Cold builds, interleaved with the floors so that a change in the
  // machine's load touches all of them alike. One unmeasured round first
  // warms the operating system's file cache.
  await measure(floorArgs);
  await coldBuild();
  const node: Measured[] = [];
  const floor: Measured[] = [];
  const builds: Awaited<ReturnType<typeof coldBuild>>[] = [];
  const firstBuilds: Measured[] = [];
  for (let run = 0; run < runs; run += 1) {
    progress(`cold builds ${run + 1}/${runs}`);
    node.push(await measure(floorArgs, {}, true));
    floor.push(await measure(floorArgs));
    firstBuilds.push(await coldBuild(false, { withoutPipelineBundle: true }));
    builds.push(await coldBuild(run === runs - 1));
  }
  progress('');

  const nodeTime = stats(node.map((run) => run.ms));
  const floorTime = stats(floor.map((run) => run.ms));
  const buildTime = stats(builds.map((run) => run.ms));
  const floorMemory = stats(floor.map((run) => run.maxRss));
  const buildMemory = stats(builds.map((run) => run.maxRss));
  const firstTime = stats(firstBuilds.map((run) => run.ms));
  const aboveFloor = buildTime.median - floorTime.median;

  heading('Cold build of the real site (fresh process each run, no tsx cache)');
  printTable([
    ['', 'median', 'min', 'max', 'peak memory (max)'],
    [
      "node -e ''",
      ms(nodeTime.median),
      ms(nodeTime.min),
      ms(nodeTime.max),
      mib(Math.max(...node.map((run) => run.maxRss))),
    ],
    ["floor: tsx -e ''", ms(floorTime.median), ms(floorTime.min), ms(floorTime.max), mib(floorMemory.max)],
    ['build: tsx scripts/build.ts', ms(buildTime.median), ms(buildTime.min), ms(buildTime.max), mib(buildMemory.max)],
    // The minimums are what the machine does with nothing else running; on a busy machine they are the steadier figure.
    [
      'first build after an edit of src/ (bundles the pipeline too)',
      ms(firstTime.median),
      ms(firstTime.min),
      ms(firstTime.max),
      mib(Math.max(...firstBuilds.map((run) => run.maxRss))),
    ],
    ['build − floor', ms(aboveFloor), ms(buildTime.min - floorTime.min), '', ''],
    [
      'build / floor',
      `${(buildTime.median / floorTime.median).toFixed(2)} ×`,
      `${(buildTime.min / floorTime.min).toFixed(2)} ×`,
      '',
      '',
    ],
    ...others.map((other) => [other.name, `${other.seconds} s`, '', '', other.memory]),
  ]);
  const inBuild = stats(builds.map((run) => run.report.milliseconds));
  console.log(
    dim(`Inside the process, buildSite() itself took ${ms(inBuild.median)} (median); the rest is loading modules.`),
  );

  // -------------------------------------------------------------------------
  // 2. Per route, from the output of the last cold build.
  const { outDir, report } = builds.at(-1)!;
  const read = readFromFolder(outDir);
  const pages = await Promise.all(
    report.pages.map(async (page) => {
      const url = page.file.endsWith('index.html') ? `/${page.file.slice(0, -'index.html'.length)}` : `/${page.file}`;
      const html = await readFile(path.join(outDir, page.file), 'utf8');
      return { route: page.route, file: page.file, html, weight: pageWeight(url, html, read, report.scriptImports) };
    }),
  );
  heading('Per route (gzip -9)');
  printTable([
    ['Route', 'HTML', 'HTML gzip', 'CSS', 'CSS gzip', 'JS', 'JS gzip', 'requests', 'blocking scripts'],
    ...pages.map(({ route, weight }) => [
      route,
      kilobytes(weight.html.bytes),
      kilobytes(weight.html.gzip),
      kilobytes(weight.css.bytes),
      kilobytes(weight.css.gzip),
      kilobytes(weight.js.bytes),
      kilobytes(weight.js.gzip),
      String(weight.requests.length),
      String(weight.blockingScripts.length),
    ]),
  ]);
  const home = pages.find((page) => page.route === '/')!;
  console.log(dim(`Requests for the first paint of /: ${home.weight.requests.join(', ')}`));
  console.log(
    dim(
      `Home page JS: ${kilobytes(home.weight.js.gzip)} gzip in ${home.weight.scripts.length} files (${home.weight.scripts.join(', ')}); ${others.map((other) => `${other.name.replace(' (reference)', '')}: ${other.homeJs}`).join('; ')} (reference figures).`,
    ),
  );

  const stylesheets = [...new Set(pages.flatMap((page) => page.weight.requests.filter((url) => url.endsWith('.css'))))];
  const fonts = fontPolicy(
    pages.map((page) => page.html),
    stylesheets.map((url) => read(url)?.toString('utf8') ?? ''),
  );

  // -------------------------------------------------------------------------
  // 3. Scale: generated sites, each size in a fresh process.
  const scale: (ScaleResult & { wallMs: number })[] = [];
  for (const size of sizes) {
    progress(`scale run: ${size} routes`);
    const outDir = path.join(work, `scale-${size}`, 'dist');
    const run = await measure(['scripts/bench/scale-build.ts', '--routes', String(size), '--out', outDir]);
    scale.push({ ...(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ScaleResult), wallMs: run.ms });
    await rm(path.dirname(outDir), { recursive: true, force: true });
  }
  progress('');
  if (scale.length > 0) {
    heading('Scale: generated sites through the same pipeline (one page per synthetic publication)');
    printTable([
      ['Routes', 'buildSite()', 'per route', 'extra per route', 'process', 'peak memory'],
      ...scale.map((run, index) => {
        const previous = scale[index - 1];
        const marginal = previous
          ? `${((run.buildMs - previous.buildMs) / (run.routes - previous.routes)).toFixed(3)} ms`
          : '';
        return [
          run.routes.toLocaleString('en-US'),
          ms(run.buildMs),
          `${(run.buildMs / run.routes).toFixed(3)} ms`,
          marginal,
          ms(run.wallMs),
          mib(run.maxRss),
        ];
      }),
    ]);
    console.log(
      dim('"extra per route": the cost of each route added since the size above; flat when the cost grows linearly.'),
    );
  }

  // -------------------------------------------------------------------------
  // 4. Load on the preview server while the site is rebuilt into its folder.
  let load: LoadResult | undefined;
  const loadSeconds = Number(values['load-seconds']);
  if (loadSeconds > 0) {
    progress(`load run: ${loadSeconds} s`);
    const paths = [...new Set(pages.flatMap((page) => page.weight.requests))];
    load = await loadPreview({
      projectRoot,
      outDir,
      paths,
      seconds: loadSeconds,
      connections: 50,
      rebuilds: 4,
      nodeArgs: ['--require', fileURLToPath(tsxPreflight), '--import', tsxLoader],
      peakHook,
      peakFile: path.join(work, 'peak-preview'),
    });
    progress('');
    heading(
      `Preview server under load: ${load.connections} connections for ${load.seconds} s over ${load.paths} pages and assets, loopback, while building into its folder`,
    );
    printTable([
      [
        'requests/s',
        'p50',
        'p99',
        'max',
        'requests',
        'errors',
        'timeouts',
        'non-2xx',
        'rebuilds',
        'server peak memory',
      ],
      [
        load.requestsPerSecond.toFixed(0),
        `${load.p50Ms} ms`,
        `${load.p99Ms} ms`,
        `${load.maxMs} ms`,
        String(load.requests),
        String(load.errors),
        String(load.timeouts),
        String(load.non2xx),
        `${load.rebuilds}${load.rebuildFailures ? ` (${load.rebuildFailures} failed)` : ''}`,
        mib(load.serverMaxRss),
      ],
    ]);
    console.log(dim('Errors and non-2xx answers should be 0: every path requested exists in every build.'));
  }

  // -------------------------------------------------------------------------
  // Targets
  const worst = (pick: (weight: PageWeight) => number) => Math.max(...pages.map((page) => pick(page.weight)));
  const blocking = pages.flatMap((page) =>
    page.weight.blockingScripts.map((script) => `${page.route}: ${script.script}`),
  );
  const tenThousand = scale.find((run) => run.routes === 10_000);
  const results = [
    {
      target: `real-site build ≤ ${targets.buildAboveFloorMs} ms above the tsx floor`,
      figure: `${ms(aboveFloor)} above, medians (${ms(buildTime.median)} vs ${ms(floorTime.median)}); minimums ${ms(buildTime.min - floorTime.min)} above`,
      ok: aboveFloor <= targets.buildAboveFloorMs,
    },
    {
      target: `peak memory of the build ≤ ${mib(targets.peakMemory)}`,
      figure: mib(buildMemory.max),
      ok: buildMemory.max <= targets.peakMemory,
    },
    {
      target: `JS per page ≤ ${kilobytes(targets.jsPerPageGzip)} gzip`,
      figure: kilobytes(worst((weight) => weight.js.gzip)),
      ok: worst((weight) => weight.js.gzip) <= targets.jsPerPageGzip,
    },
    {
      target: `CSS per page ≤ ${kilobytes(targets.cssPerPageGzip)} gzip`,
      figure: kilobytes(worst((weight) => weight.css.gzip)),
      ok: worst((weight) => weight.css.gzip) <= targets.cssPerPageGzip,
    },
    {
      target: `home HTML ≤ ${kilobytes(targets.homeHtmlGzip)} gzip`,
      figure: kilobytes(home.weight.html.gzip),
      ok: home.weight.html.gzip <= targets.homeHtmlGzip,
    },
    {
      target: 'no render-blocking script',
      figure: blocking.length === 0 ? 'none (module scripts only)' : blocking.join(', '),
      ok: blocking.length === 0,
    },
    { target: 'fonts self-hosted and preloaded, or system fonts only', figure: fonts.verdict, ok: fonts.ok },
    ...(tenThousand
      ? [
          {
            target: `10,000 generated routes in ≤ ${targets.tenThousandRoutesMs / 1000} s`,
            figure: ms(tenThousand.buildMs),
            ok: tenThousand.buildMs <= targets.tenThousandRoutesMs,
          },
        ]
      : []),
    ...(load
      ? [
          {
            target: 'preview answers every request while rebuilt: 0 errors, 0 non-2xx',
            figure: `${load.errors} errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx in ${load.requests} requests during ${load.rebuilds} rebuilds`,
            ok: load.errors === 0 && load.timeouts === 0 && load.non2xx === 0 && load.rebuildFailures === 0,
          },
        ]
      : []),
  ];
  heading('Targets');
  for (const result of results) console.log(`${mark(result.ok)} ${result.target}: ${result.figure}`);

  // -------------------------------------------------------------------------
  const json = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model.trim(),
      node: process.version,
      loadAtStart,
      loadAtEnd: os.loadavg()[0],
    },
    coldBuild: {
      runs,
      method:
        'node --require tsx/preflight --import tsx, TSX_DISABLE_CACHE=1, fresh output folder; peak = process.resourceUsage().maxRSS',
      nodeMs: nodeTime,
      floorMs: floorTime,
      buildMs: buildTime,
      firstBuildWithoutPipelineBundleMs: firstTime,
      buildSiteMs: inBuild,
      floorMaxRss: floorMemory,
      buildMaxRss: buildMemory,
      buildAboveFloorMs: aboveFloor,
      buildAboveFloorMinMs: buildTime.min - floorTime.min,
      buildOverFloor: buildTime.median / floorTime.median,
    },
    pages: pages.map(({ route, file, weight }) => ({ route, file, ...weight })),
    fonts: fonts.verdict,
    scale,
    load,
    targets: results.map(({ target, figure, ok }) => ({ target, figure, ok })),
    others,
  };
  const reportFile = path.join(projectRoot, 'reports', 'bench.json');
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(reportFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(dim(`\nWritten to ${path.relative(process.cwd(), reportFile)}`));
  if (values.strict && results.some((result) => !result.ok)) process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
