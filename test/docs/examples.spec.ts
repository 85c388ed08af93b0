import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import * as E from 'fp-ts/lib/Either.js';
import { from, lastValueFrom, toArray } from 'rxjs';
import { typedPayloads } from '../../src/operators/typedPayloads';
import { activityOf } from '../../src/activity/activityOf';
import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import { createClient } from '../../src/clientFactory/createClient';
import { mintToken, startSimulatedNetwork, startSimulatedScans, type SimulatedNetwork } from '../../src/testkit/index';
import { projectRoot } from '../helpers/paths';
import { extractSnippets, type Snippet } from './snippets';

/**
 * The examples of README.md (and of docs pages) marked `<!-- example: name -->` run as written,
 * each as an ES module in a child Node process (canton-rx resolved to the compiled sources), in an
 * empty folder of its own, against a simulated network on 127.0.0.1: their example hosts are sent there
 * (exampleHosts.ts). The assertions read what they print and the files they write.
 */

interface Run {
  readonly stdout: string[];
  readonly stderr: string;
  readonly code: number | null;
}

const examples = (file: string): Map<string, Snippet> =>
  new Map(extractSnippets(file, readFileSync(join(projectRoot, file), 'utf8')).flatMap((s) => (s.example !== undefined ? [[s.example, s] as const] : [])));

const build = join(projectRoot, '.build');
const fileUrl = (...p: string[]) => JSON.stringify(pathToFileURL(join(build, ...p)).href);

/** The example as a runnable .mjs: TypeScript off, canton-rx imports sent to the compiled sources. */
const toModule = (snippet: Snippet): string =>
  ts
    .transpileModule(snippet.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
    .outputText.replace(/from\s+(['"])canton-rx\/testkit\1/g, `from ${fileUrl('src', 'testkit', 'index.js')}`)
    .replace(/from\s+(['"])canton-rx\1/g, `from ${fileUrl('src', 'index.js')}`);

/**
 * Runs a snippet in `dir` until it exits, or until `enough` holds for what it printed (an example
 * that tails never ends by itself): then the process is stopped. Bounded by `boundMs`.
 */
const run = (snippet: Snippet, dir: string, env: Record<string, string>, enough?: (lines: string[]) => boolean, boundMs = 40_000): Promise<Run> => {
  // Inside the project, so that its imports (rxjs, fp-ts) resolve from node_modules; it runs in `dir`.
  mkdirSync(join(build, 'doc-snippets'), { recursive: true });
  const file = join(build, 'doc-snippets', `${snippet.example}.mjs`);
  writeFileSync(file, toModule(snippet));
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', join(build, 'test', 'docs', 'exampleHosts.js'), file], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: string[] = [];
    let partial = '';
    let stderr = '';
    let stopped = false;
    const stop = () => {
      stopped = true;
      child.kill();
    };
    const bound = setTimeout(() => {
      stop();
      reject(new Error(`${snippet.file}:${snippet.line}: ${snippet.example} did not finish in ${boundMs} ms; it printed ${stdout.length} lines, stderr: ${stderr}`));
    }, boundMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      stdout.push(...lines);
      if (!stopped && enough?.(stdout)) stop();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(bound);
      resolve({ stdout, stderr, code: stopped ? 0 : code });
    });
  });
};

describe('the examples of README.md and docs/ run as written', function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let env: Record<string, string>;
  let history: Array<{ update_id: string; record_time: string }>;
  let lastCheckpoint: unknown;
  let dir: string;
  const readme = examples('README.md');
  const example = (name: string) => {
    const s = readme.get(name);
    assert.ok(s, `README.md has no block marked <!-- example: ${name} -->`);
    return s;
  };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 10, updates: 1200 });
    env = {
      EXAMPLE_HOSTS: JSON.stringify({ 'https://scan.example.com/api/scan': net.scanUrl, 'https://participant.example.com': net.ledgerUrl }),
      LEDGER_TOKEN: mintToken({ userId: 'alice', readAsAnyParty: true }),
    };
    const pages = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.pages.updates({ page_size: 1000 }).pipe(toArray()));
    const records = pages.flatMap((r) => {
      assert.ok(E.isRight(r));
      return r.right.records;
    });
    history = records.map((r) => r.value);
    lastCheckpoint = records[records.length - 1]!.checkpoint;
    assert.equal(history.length, net.info().updates);
  });
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-example-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('README marks its three examples', () => assert.deepEqual([...readme.keys()].sort(), ['merge', 'pull', 'scan-history']));

  it('scan-history prints the whole history in order and saves each checkpoint; a second run resumes after the last; the counter lookup is read as nonce 0', async () => {
    const first = await run(example('scan-history'), dir, env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr, '');
    const printed = (r: Run) => r.stdout.filter((l) => !l.startsWith('no counter') && l !== '');
    assert.deepEqual(printed(first), history.map((u) => `${u.update_id} ${u.record_time}`));
    assert.deepEqual(first.stdout.filter((l) => l.startsWith('no counter')), ['no counter: nonce 0']);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'scan.checkpoint.json'), 'utf8')), lastCheckpoint);
    const second = await run(example('scan-history'), dir, env);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(printed(second), [], 'nothing read twice');
  });

  it('pull writes every item once, in order, to history.ndjson', async () => {
    const r = await run(example('pull'), dir, env);
    assert.equal(r.code, 0, r.stderr);
    const written = readFileSync(join(dir, 'history.ndjson'), 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { update_id: string }).update_id);
    assert.deepEqual(written, history.map((u) => u.update_id));
  });

  it("merge prints the DSO party and every update of Scan's history once, joined with the ledger's view where the participant has it", async () => {
    const ids = new Set(history.map((u) => u.update_id));
    const merged = (lines: string[]) => lines.filter((l) => /^(both|scan|ledger) /.test(l)).map((l) => l.split(' ') as [string, string]);
    const r = await run(example('merge'), dir, env, (lines) => lines.some((l) => l.startsWith('DSO ')) && merged(lines).filter(([, id]) => ids.has(id)).length >= ids.size);
    assert.equal(r.stderr, '');
    assert.deepEqual(r.stdout.filter((l) => l.startsWith('DSO ')), [`DSO ${net.dsoParty}`]);
    const out = merged(r.stdout);
    assert.equal(new Set(out.map(([, id]) => id)).size, out.length, 'an update came twice');
    assert.deepEqual(out.filter(([, id]) => ids.has(id)).map(([, id]) => id), history.map((u) => u.update_id), "in Scan's order");
    assert.ok(out.some(([source]) => source === 'both'), 'no update joined');
  });

  it('docs/payloads.md counts the typed events of the whole history by template and the refused payloads, as typedPayloads does here', async () => {
    const s = examples('docs/payloads.md').get('payloads');
    assert.ok(s, 'docs/payloads.md has no block marked <!-- example: payloads -->');
    const r = await run(s, dir, env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const typed = await lastValueFrom(from(history.map((u) => E.right(u))).pipe(typedPayloads(), toArray()));
    const counts = new Map<string, number>();
    let refused = 0;
    for (const t of typed) {
      assert.ok(E.isRight(t));
      for (const e of t.right.events) counts.set(e.template, (counts.get(e.template) ?? 0) + 1);
      refused += t.right.refused.length;
    }
    assert.ok(counts.get('splice-amulet:Splice.Amulet:Amulet')! > 0 && counts.get('splice-amulet:Splice.Round:OpenMiningRound')! > 0);
    assert.equal(refused, 0, 'the simulated history is shaped as the Daml sources define it');
    assert.deepEqual(r.stdout.filter((l) => l !== ''), [...[...counts].sort().map(([k, n]) => `${k} ${n}`), `refused ${refused}`]);
  });

  it("docs/activity.md prints the first day's transfers and fees burned per sender, as activityOf reads them here", async () => {
    const s = examples('docs/activity.md').get('activity');
    assert.ok(s, 'docs/activity.md has no block marked <!-- example: activity -->');
    const r = await run(s, dir, env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const day = history[0]!.record_time.slice(0, 10);
    const per = new Map<string, { n: number; fees: string[] }>();
    for (const u of history.filter((h) => h.record_time.slice(0, 10) === day)) {
      for (const e of activityOf(u)) {
        if (e.kind !== 'transfer') continue;
        const p = per.get(e.sender) ?? { n: 0, fees: [] };
        p.n++;
        p.fees.push(e.fees.burned);
        per.set(e.sender, p);
      }
    }
    assert.ok(per.size > 1);
    assert.deepEqual(r.stdout.filter((l) => l !== ''), [...per].sort().map(([party, p]) => `${day} ${party} ${p.n} ${sumDecimals(p.fees)}`));
  });

  it('docs/scans.md "Testing against several Scans" reads 2000 of 2000 in order, and reports the liar at most once', async () => {
    const s = examples('docs/scans.md').get('several-scans');
    assert.ok(s, 'docs/scans.md has no block marked <!-- example: several-scans -->');
    const r = await run(s, dir, {});
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const m = /^(\d+) items, (\d+) Lefts, the last (\S+); liars: (.*)$/.exec(r.stdout[0] ?? '');
    assert.ok(m, r.stdout.join('\n'));
    assert.equal(Number(m[1]), 2000);
    assert.equal(Number(m[2]), 0);
    // The same history read from the honest Scan alone ends at the same item.
    const set = await startSimulatedScans({ seed: 7, updates: 2000, scans: [{}] });
    try {
      const all = await lastValueFrom(createClient({ scan: { url: set.urls[0]! } }).scan.updates({ page_size: 1000 }).pipe(toArray()));
      const last = all[all.length - 1]!;
      assert.ok(E.isRight(last) && all.length === 2000);
      assert.equal(m[3], last.right.update_id);
    } finally {
      await set.close();
    }
    const liars = m[4] === '' ? [] : m[4]!.split(', ');
    assert.ok(liars.length <= 1, `reported ${liars.length} times: ${m[4]}`);
  });
});
