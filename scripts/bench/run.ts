/**
 * npm run bench [-- --runs 15] [--against ../other-checkout] [--strict] [--skip-scale | --only-scale]
 *
 * The build command of package.json in paired rounds, each in a fresh process
 * with a new output folder, beside `node -e ''` and, with --against, another
 * checkout's build command, in alternating turns (only figures of the same
 * rounds compare on a shared machine); then the first build after an edit,
 * peak memory and the weight of each route; then how the build grows
 * (scale.ts: 1,000 and 10,000 routes and a theme of 1,690 real entries, cold
 * and warm, unless --skip-scale; --only-scale runs it alone). docs/architecture.md#performance says what
 * each figure means. The Node that runs this runs the builds.
 * Writes reports/bench.json; with --strict, exits 1 on a missed target.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCommandLine } from '../lib/command-line.ts';
import { projectRoot } from '../lib/project-root.js';
import { cacheFolder } from '../bundled-build.js';
import { growthPerRoute, type Measure, removeCaches, type ScaleRun, scaleRuns } from './scale.ts';
import { fontPolicy } from '../lib/page-weight.ts';
import { bold, dim, green, kilobytes, red, table } from '../lib/terminal.ts';
import type { BuildReport } from '../stages/report.ts';

const { values } = readCommandLine(
  {
    options: {
      runs: { type: 'string', default: '15' },
      against: { type: 'string' },
      strict: { type: 'boolean', default: false },
      'skip-scale': { type: 'boolean', default: false },
      'only-scale': { type: 'boolean', default: false },
    },
  },
  // 1 is a missed target.
  {
    usage: 'Usage: npm run bench [-- --runs 15] [--against ../other-checkout] [--strict] [--skip-scale | --only-scale]',
    exitCode: 2,
  },
);
const runs = Math.max(1, Number(values.runs));
const against = values.against ? path.resolve(values.against) : undefined;

const KB = 1024;
const MiB = 1024 * 1024;
const targets = {
  peakMemory: 150 * MiB,
  jsPerPageGzip: 10 * KB,
  cssPerPageGzip: 8 * KB,
  homeHtmlGzip: 30 * KB,
  // 10,000 routes, cold: a quarter of Astro's 20.77 s for the same routes on this kind of machine.
  scaleMs: 5200,
  scalePeakMemory: 480 * MiB,
};

/** The same site built with other generators on the same kind of machine (2 cores), measured once and recorded here. */
const others = [
  { name: 'Astro 7 + React islands (reference)', seconds: '1.34–1.58', memory: '415 MiB' },
  { name: 'Next.js 16 static export (reference)', seconds: '5.5–6.2', memory: '560 MiB' },
];

const work = await mkdtemp(path.join(os.tmpdir(), 'eccron-bench-'));
// The peak resident memory of a build's process, written by a module it imports first.
const peakFile = path.join(work, 'peak');
const peakHook = path.join(work, 'peak.mjs');
const peakEnv = { NODE_OPTIONS: `--import=${pathToFileURL(peakHook).href}` };
/** One command in the project, timed, and its peak memory. */
const measure: Measure = async (command, env = {}) => {
  const { ms } = await timed(command, projectRoot, { ...peakEnv, ...env });
  const [peak, cpu] = (await readFile(peakFile, 'utf8')).split(' ').map(Number);
  return { ms, peak: peak!, cpu: cpu! };
};

interface Run {
  ms: number;
  stdout: string;
}

/** Runs a command line as npm would (node_modules/.bin first on PATH, through the shell), timed from spawn to exit. */
async function timed(command: string, cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const started = performance.now();
  const child = spawn(command, {
    cwd,
    shell: true,
    env: {
      ...process.env,
      [pathKey]: [path.join(cwd, 'node_modules', '.bin'), path.dirname(process.execPath), process.env[pathKey]].join(
        path.delimiter,
      ),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${command} (in ${cwd}) exited with ${code}:\n${stderr}`);
  return { ms, stdout };
}

const quote = (text: string) => JSON.stringify(text);
const buildCommand = async (root: string) =>
  (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;

let buildCount = 0;
/** One build of the project at `root` into a new folder; the report is read, the folder removed unless kept. */
async function build(root: string, command: string, env: Record<string, string> = {}, keep = false) {
  buildCount += 1;
  const folder = path.join(work, `build-${buildCount}`);
  const run = await timed(
    `${command} --out ${quote(path.join(folder, 'dist'))} --report ${quote(path.join(folder, 'build-report.json'))}`,
    root,
    env,
  );
  const report = JSON.parse(await readFile(path.join(folder, 'build-report.json'), 'utf8')) as BuildReport;
  if (!keep) await rm(folder, { recursive: true, force: true });
  return { ...run, report, outDir: path.join(folder, 'dist') };
}

interface Stats {
  median: number;
  min: number;
  max: number;
}
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const stats = (samples: number[]): Stats => ({
  median: median(samples),
  min: Math.min(...samples),
  max: Math.max(...samples),
});

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
const heading = (text: string) => console.log(`\n${bold(text)}`);
const progress = (text: string) => {
  if (process.stdout.isTTY) process.stdout.write(`\r\u001b[K${text && dim(text)}`);
};
function printTable(rows: string[][]) {
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  console.log(lines.join('\n'));
}

/**
 * `runs` rounds of every side, each round in the opposite order of the last so that neither side always runs first;
 * the samples, and the median of each side's paired ratio to the side at `reference`.
 */
async function pairedRounds(sides: { run: () => Promise<{ ms: number }> }[], reference: number, what: string) {
  const samples = sides.map(() => [] as number[]);
  for (let round = 0; round < runs; round += 1) {
    progress(`${what} round ${round + 1}/${runs}`);
    const order = round % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const index of order) samples[index]!.push((await sides[index]!.run()).ms);
  }
  progress('');
  const base = samples[reference]!;
  const ratios = samples.map((side) => median(side.map((sample, round) => sample / base[round]!)));
  return { samples, ratios };
}

/** The scale runs' table and growth per route; their targets, to be listed with the others. */
function scaleReport(scale: ScaleRun[]) {
  heading('Scale: cold (no node_modules/.cache/eccron-*), then warm; a fresh process each');
  console.log(dim(`The machine's load: ${os.loadavg()[0]!.toFixed(2)}; CPU is the process's own user + system time.`));
  printTable([
    ['', 'cold', 'CPU', 'peak memory', 'warm', 'CPU', 'peak memory'],
    ...scale.map((run) => [
      run.name,
      ...[run.cold, run.warm].flatMap((one) => [ms(one.ms), ms(one.cpu), mib(one.peak)]),
    ]),
  ]);
  for (const kind of ['cold', 'warm'] as const) {
    const growth = growthPerRoute(scale, kind);
    console.log(
      dim(
        `Growth per route from 1,000 to 10,000 routes, ${kind}: ${growth.ms.toFixed(3)} ms, ${(growth.bytes / 1024).toFixed(1)} KiB`,
      ),
    );
  }
  const large = scale.find((run) => run.routes === 10000)!;
  const peak = Math.max(large.cold.peak, large.warm.peak);
  return [
    {
      target: `10,000 routes, cold, in ≤ ${(targets.scaleMs / 1000).toFixed(1)} s`,
      value: large.cold.ms,
      limit: targets.scaleMs,
      ok: large.cold.ms <= targets.scaleMs,
      figure: `${(large.cold.ms / 1000).toFixed(2)} s`,
    },
    {
      target: `10,000 routes, peak memory < ${mib(targets.scalePeakMemory)}`,
      value: peak,
      limit: targets.scalePeakMemory,
      ok: peak < targets.scalePeakMemory,
      figure: mib(peak),
    },
  ];
}

function printTargets(results: { target: string; figure: string; ok: boolean }[]) {
  heading('Targets');
  for (const result of results) console.log(`${result.ok ? green('✓') : red('✗')} ${result.target}: ${result.figure}`);
}

const machine = (loadAtStart: number) => ({
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model.trim(),
  node: process.version,
  loadAtStart,
  loadAtEnd: os.loadavg()[0],
});

/** Writes `json` to reports/`name`. */
async function writeReport(name: string, json: object) {
  const reportFile = path.join(projectRoot, 'reports', name);
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(reportFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(dim(`\nWritten to ${path.relative(process.cwd(), reportFile)}`));
}

try {
  await writeFile(
    peakHook,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const usage = process.resourceUsage(); writeFileSync(${JSON.stringify(peakFile)}, \`\${usage.maxRSS * 1024} \${(usage.userCPUTime + usage.systemCPUTime) / 1000}\`); });\n`,
  );
  const loadAtStart = os.loadavg()[0]!;
  console.log(
    dim(
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load ${loadAtStart.toFixed(2)}, ${runs} rounds`,
    ),
  );

  if (values['only-scale']) {
    // How the build grows, alone.
    const scale = await scaleRuns(measure, work, await buildCommand(projectRoot));
    const results = scaleReport(scale);
    printTargets(results);
    const targets = results.map(({ target, figure, ok }) => ({ target, figure, ok }));
    await writeReport('bench-scale.json', {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      scale,
      targets,
    });
    if (values.strict && results.some((result) => !result.ok)) process.exitCode = 1;
  } else {
    // 1. Paired rounds; two unmeasured builds first warm the file cache and make the bundles.
    const ours = await buildCommand(projectRoot);
    const theirs = against ? await buildCommand(against) : undefined;
    const sides = [
      { name: `floor: node -e ''`, run: () => timed(`node -e ""`, projectRoot) },
      { name: `build: ${ours}`, run: () => build(projectRoot, ours) },
      ...(against && theirs ? [{ name: `--against: ${theirs}`, run: () => build(against, theirs) }] : []),
    ];
    for (const side of sides.slice(1)) for (let i = 0; i < 2; i += 1) await side.run();
    const { samples, ratios } = await pairedRounds(sides, 1, 'warm');
    // Then cold: every build after its side's node_modules/.cache/eccron-* is removed (not timed), as in CI.
    const coldSides = [
      { name: `build, cold: ${ours}`, run: () => removeCaches(projectRoot).then(() => build(projectRoot, ours)) },
      ...(against && theirs
        ? [{ name: `--against, cold: ${theirs}`, run: () => removeCaches(against).then(() => build(against, theirs)) }]
        : []),
    ];
    const cold = await pairedRounds(coldSides, 0, 'cold');

    // 2. Once each: the first build after an edit, and the peak memory.
    await rm(cacheFolder(projectRoot), { recursive: true, force: true });
    await rm(path.join(projectRoot, 'node_modules', '.cache', 'eccron-client'), { recursive: true, force: true });
    const first = await build(projectRoot, ours);
    const { report, outDir } = await build(projectRoot, ours, peakEnv, true);
    const peak = Number((await readFile(peakFile, 'utf8')).split(' ')[0]);

    heading('Builds of the real site, a fresh process each, paired round by round');
    printTable([
      ['', 'median', 'min', 'max', 'paired ratio to the build'],
      ...sides.map((side, index) => {
        const { median, min, max } = stats(samples[index]!);
        return [side.name, ms(median), ms(min), ms(max), `${ratios[index]!.toFixed(3)} ×`];
      }),
      ...coldSides.map((side, index) => {
        const { median, min, max } = stats(cold.samples[index]!);
        return [side.name, ms(median), ms(min), ms(max), `${cold.ratios[index]!.toFixed(3)} ×`];
      }),
      ['first build after an edit of src/ or scripts/ (once)', ms(first.ms), '', '', ''],
      ...others.map((other) => [other.name, `${other.seconds} s`, '', '', '']),
    ]);
    console.log(
      dim(`Inside the process, buildSite() took ${ms(report.milliseconds)}; peak memory of the build ${mib(peak)}.`),
    );
    const pairedOf = (ours: number[], theirs: number[]) => median(ours.map((sample, round) => sample / theirs[round]!));
    const oursToTheirs = against
      ? { warm: pairedOf(samples[1]!, samples[2]!), cold: pairedOf(cold.samples[0]!, cold.samples[1]!) }
      : undefined;
    if (oursToTheirs)
      console.log(
        bold(
          `This checkout ÷ --against, paired: warm ${oursToTheirs.warm.toFixed(3)} ×, cold ${oursToTheirs.cold.toFixed(3)} ×`,
        ),
      );
    if (loadAtStart > os.cpus().length / 2)
      console.log(
        dim(`The machine was busy (load ${loadAtStart.toFixed(2)}): compare the paired ratios, not the times.`),
      );

    // 3. Per route, from the build's report.
    heading('Per route (gzip -9)');
    printTable([
      ['Route', 'HTML', 'HTML gzip', 'CSS', 'CSS gzip', 'JS', 'JS gzip'],
      ...report.pages.map((page) => [
        page.route,
        ...[page.html, page.css, page.js].flatMap((size) => [kilobytes(size.bytes), kilobytes(size.gzip)]),
      ]),
    ]);

    const fonts = fontPolicy(
      await Promise.all(report.pages.map((page) => readFile(path.join(outDir, page.file), 'utf8'))),
      await Promise.all(
        (await readdir(path.join(outDir, 'assets')))
          .filter((name) => name.endsWith('.css'))
          .map((name) => readFile(path.join(outDir, 'assets', name), 'utf8')),
      ),
    );
    const worst = (pick: (page: BuildReport['pages'][number]) => number) => Math.max(...report.pages.map(pick));
    const home = report.pages.find((page) => page.route === '/')!;
    const results = [
      { target: `peak memory of the build ≤ ${mib(targets.peakMemory)}`, value: peak, limit: targets.peakMemory },
      {
        target: `JS per page ≤ ${kilobytes(targets.jsPerPageGzip)} gzip`,
        value: worst((page) => page.js.gzip),
        limit: targets.jsPerPageGzip,
      },
      {
        target: `CSS per page ≤ ${kilobytes(targets.cssPerPageGzip)} gzip`,
        value: worst((page) => page.css.gzip),
        limit: targets.cssPerPageGzip,
      },
      {
        target: `home HTML ≤ ${kilobytes(targets.homeHtmlGzip)} gzip`,
        value: home.html.gzip,
        limit: targets.homeHtmlGzip,
      },
    ].map((result) => ({
      ...result,
      ok: result.value <= result.limit,
      figure: result.limit === targets.peakMemory ? mib(result.value) : kilobytes(result.value),
    }));
    results.push({
      target: 'fonts self-hosted and preloaded, or system fonts only',
      figure: fonts.verdict,
      ok: fonts.ok,
      value: 0,
      limit: 0,
    });
    const scale = values['skip-scale'] ? [] : await scaleRuns(measure, work, ours);
    if (scale.length > 0) results.push(...scaleReport(scale));

    printTargets(results);

    const json = {
      date: new Date().toISOString(),
      machine: machine(loadAtStart),
      rounds: runs,
      builds: [
        ...sides.map((side, index) => ({
          name: side.name,
          ms: { ...stats(samples[index]!), samples: samples[index] },
          pairedRatioToBuild: ratios[index],
        })),
        ...coldSides.map((side, index) => ({
          name: side.name,
          ms: { ...stats(cold.samples[index]!), samples: cold.samples[index] },
          pairedRatioToBuild: cold.ratios[index],
        })),
      ],
      ...(oursToTheirs ? { oursToAgainst: oursToTheirs } : {}),
      firstBuildAfterEditMs: first.ms,
      buildSiteMs: report.milliseconds,
      peakMemory: peak,
      pages: report.pages,
      targets: results.map(({ target, figure, ok }) => ({ target, figure, ok })),
      scale,
      others,
    };
    await writeReport('bench.json', json);
    if (values.strict && results.some((result) => !result.ok)) process.exitCode = 1;
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
