import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { projectRoot } from './helpers/fixtures';

/**
 * The layers of src/, lowest first: a folder imports only folders of lower layers (and itself).
 * Folders of one layer do not import each other (the three groups). Every folder of src/ must be
 * in this list, so that a new folder gets its place here or fails the test; '' is src/index.ts.
 *
 * - internal, errors, codecs, time, validation: the vocabulary (errors and codecs low; the time
 *   arithmetic and the request checks read the codecs' primitives). tokenStandard: the pure
 *   token-standard transaction parser, over the ledger codecs and the decimal helper; activity: the
 *   pure reading of Scan's history as activity (typed Splice payloads, activityOf).
 * - http, retry: the HTTP core and the retry policy; auth: the OAuth token source, which asks its
 *   issuer with that policy; telemetry: the OpenTelemetry hooks, which the client core calls.
 * - client: the client core (transport, invokeOperation, send); generated: the descriptors and
 *   generated methods it runs.
 * - pool: the Scan pool transport; paging: the paging engine; streams; ws: the WebSocket
 *   channels beside the paged streams; operators; checkpoints; sinks.
 * - ledger, scan, validator, registry: the groups; clientFactory: `createClient`, which composes them.
 * - analytics: the flattening of updates into table rows, on the sinks' item type.
 * - index; then the subpath exports (duckdb: the DuckDB and Parquet writers) and the testkit; the command line on top.
 */
const LAYERS: ReadonlyArray<ReadonlyArray<string>> = [
  ['internal'],
  ['errors'],
  ['codecs'],
  ['time'],
  ['validation'],
  ['tokenStandard', 'activity'],
  ['http'],
  ['retry'],
  ['auth'],
  ['telemetry'],
  ['client'],
  ['generated'],
  ['pool'],
  ['paging'],
  ['streams'],
  ['ws', 'backfill'],
  ['operators'],
  ['checkpoints'],
  ['sinks'],
  ['analytics'],
  ['ledger', 'scan', 'validator', 'registry'],
  ['clientFactory'],
  [''],
  ['postgres', 'nats', 'duckdb', 'testkit'],
  ['cli'],
];

/**
 * Imports that break the order today and are another change's to remove (issue 18), each with its
 * reason; the order and the cycle tests leave these, and only these, aside.
 */
const PENDING: ReadonlyArray<{ readonly from: RegExp; readonly to: RegExp; readonly why: string }> = [
];

const rank = new Map<string, number>(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourcesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** The top folder under src/ of a file given relative to src/ ('' for src/index.ts). */
const layerOf = (fromSrc: string): string => (fromSrc.includes('/') ? fromSrc.slice(0, fromSrc.indexOf('/')) : '');

/** Every relative import of src/, as `{ from, to }` paths relative to src/. */
const importsOf = (src: string): Array<{ from: string; to: string }> =>
  sourcesUnder(src).flatMap((file) => {
    const from = relative(src, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/g)].map((m) => ({ from, to: posix.normalize(posix.join(posix.dirname(from), m[1]!)) }));
  });

const pending = (i: { from: string; to: string }): boolean => PENDING.some((p) => p.from.test(i.from) && p.to.test(i.to));

/** Imports of a folder by a folder not strictly above it (the same folder aside). */
export const violations = (imports: ReadonlyArray<{ from: string; to: string }>): string[] =>
  imports.flatMap((i) => {
    const a = layerOf(i.from);
    const b = layerOf(i.to);
    if (a === b || pending(i)) return [];
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra === undefined || rb === undefined) return [];
    return rb < ra ? [] : [`${i.from} imports ${i.to} (${b || 'index'} is not below ${a || 'index'})`];
  });

/** The folder cycles of the import graph, each as a list of folders, the first one repeated last. */
export const folderCycles = (imports: ReadonlyArray<{ from: string; to: string }>): string[][] => {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    const a = layerOf(i.from);
    const b = layerOf(i.to);
    if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const visit = (n: string, stack: string[]): void => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'active') {
      cycles.push([...stack.slice(stack.indexOf(n)), n]);
      return;
    }
    state.set(n, 'active');
    for (const m of [...(edges.get(n) ?? [])].sort()) visit(m, [...stack, n]);
    state.set(n, 'done');
  };
  for (const n of [...edges.keys()].sort()) visit(n, []);
  return cycles;
};

/** Folders of src/ without a layer. */
const unplaced = (src: string): string[] =>
  readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !rank.has(e.name))
    .map((e) => e.name);

/** Files outside src/cli that import the argument parser, a dependency of the command line only. */
const commanderOutsideCli = (src: string): string[] =>
  sourcesUnder(src)
    .map((file) => relative(src, file).split(sep).join('/'))
    .filter((from) => layerOf(from) !== 'cli' && /\bfrom\s+'commander'|\brequire\('commander'\)|\bimport\('commander'\)/.test(readFileSync(join(src, from), 'utf8')));

describe('layers', () => {
  const src = join(projectRoot, 'src');

  it('every folder of src/ has its layer', () => {
    assert.deepEqual(unplaced(src), []);
  });

  it('no folder of src/ imports a folder of its own layer or above it', () => {
    assert.deepEqual(violations(importsOf(src)), []);
  });

  it('no folder cycle, the imports another change removes aside', () => {
    assert.deepEqual(folderCycles(importsOf(src).filter((i) => !pending(i))), []);
  });

  it('the rules fail where they should: an upward import, a cycle, a folder of one layer importing another', () => {
    assert.deepEqual(violations([{ from: 'client/createTransport.ts', to: 'pool/types.js' }]), ['client/createTransport.ts imports pool/types.js (pool is not below client)']);
    assert.equal(violations([{ from: 'scan/createScanGroup.ts', to: 'ledger/createLedgerGroup.js' }]).length, 1);
    assert.equal(violations([{ from: 'index.ts', to: 'cli/main.js' }]).length, 1);
    assert.deepEqual(violations([{ from: 'clientFactory/createClient.ts', to: 'pool/createPoolTransport.js' }]), []);
    assert.deepEqual(
      folderCycles([
        { from: 'client/a.ts', to: 'pool/b.js' },
        { from: 'pool/b.ts', to: 'client/c.js' },
      ]),
      [['client', 'pool', 'client']],
    );
  });

  it('only the command line imports commander: the library does not depend on it', () => {
    assert.deepEqual(commanderOutsideCli(src), []);
  });
});
