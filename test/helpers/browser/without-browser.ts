/**
 * Preloaded by scripts/test.ts when it finds no browser. Test files then get
 * node:test through a module of the same functions, except that while
 * withChromium() declares browser tests without a browser, test() and it()
 * declare each test skipped with the reason and the hooks do nothing (one
 * would start the browser). The runner thus counts every browser test that
 * did not run, and withChromium() learns how many there were.
 */
import { register } from 'node:module';
import * as nodeTest from 'node:test';
import { type WithoutBrowser, withoutBrowserKey } from './chromium.ts';

type Declare = (...args: unknown[]) => unknown;
const state: WithoutBrowser = { count: 0 };

const skipping = (original: Declare): Declare =>
  Object.assign((...args: unknown[]) => {
    if (state.reason === undefined) return original(...args);
    state.count += 1;
    const body = typeof args.at(-1) === 'function' ? (args.pop() as Declare) : () => {};
    const title = typeof args[0] === 'string' ? args.shift() : body.name;
    return original(title, { ...(args[0] as object | undefined), skip: state.reason }, body);
  }, original);
const inert =
  (original: Declare): Declare =>
  (...args) =>
    state.reason === undefined ? original(...args) : undefined;

const replaced: Record<string, unknown> = {
  ...nodeTest,
  test: skipping(nodeTest.test as Declare),
  it: skipping(nodeTest.it as Declare),
  before: inert(nodeTest.before as Declare),
  after: inert(nodeTest.after as Declare),
  beforeEach: inert(nodeTest.beforeEach as Declare),
  afterEach: inert(nodeTest.afterEach as Declare),
};
Object.assign(globalThis, { [withoutBrowserKey]: Object.assign(state, { exports: replaced }) });

const key = `Symbol.for(${JSON.stringify(withoutBrowserKey.description)})`;
const names = Object.keys(nodeTest).filter((name) => name !== 'default');
const replacement = `const e = globalThis[${key}].exports; export const { ${names.join(', ')} } = e; export default e.test;`;
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'node:test'
    ? { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(replacement)}`)}, shortCircuit: true }
    : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
