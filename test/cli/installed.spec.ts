import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { installPacked } from './installPacked';
import { runBin } from './runBin';

/** A small seeded generator, so that the kill points vary between item counts but a failure can be replayed. */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const lines = (text: string): string[] => text.split('\n').filter((l) => l.length > 0);

/**
 * Removes, at each boundary between two runs, a first line equal to the line before it (the one
 * line in flight when a run was killed), counting them.
 */
const joinRuns = (runs: ReadonlyArray<ReadonlyArray<string>>): { readonly lines: string[]; readonly repeats: number } => {
  const out: string[] = [];
  let repeats = 0;
  for (const run of runs) {
    const skip = out.length > 0 && run.length > 0 && run[0] === out[out.length - 1] ? 1 : 0;
    repeats += skip;
    out.push(...run.slice(skip));
  }
  return { lines: out, repeats };
};

describe('the installed canton-rx command', function () {
  // One build, pack and install per run: the build is most of it.
  this.timeout(300_000);
  let installed: ReturnType<typeof installPacked>;
  let net: SimulatedNetwork;
  let history: string[];
  const seed = 20261123;
  const random = mulberry32(seed);

  const readHistory = async () =>
    (await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()))).map((i) => JSON.stringify(i));

  before(async () => {
    installed = installPacked();
    net = await startSimulatedNetwork({ seed: 'cli-installed', updates: 240, shortPages: 0.2 });
    history = await readHistory();
  });
  after(() => net?.close());
  afterEach(() => net.setFaults(undefined));

  it('the tarball holds the bin with its #! line and the executable bit', () => {
    const listing = execFileSync('tar', ['tzvf', installed.tarball], { encoding: 'utf8' });
    assert.match(listing, /^-rwxr-xr-x .* package\/dist\/cjs\/cli\/main\.js$/m);
    assert.ok(readFileSync(join(installed.project, 'node_modules', 'canton-rx', 'dist', 'cjs', 'cli', 'main.js'), 'utf8').startsWith('#!/usr/bin/env node\n'));
  });

  it('scan updates prints exactly the history, exit 0', async () => {
    const r = await runBin(installed.bin, ['scan', 'updates', '--page-size', '25'], { env: { CANTON_RX_SCAN_URL: net.scanUrl } });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(lines(r.stdout), history);
    assert.equal((JSON.parse(lines(r.stderr).at(-1)!) as { done: { items: number } }).done.items, history.length);
  });

  it('killed with SIGKILL mid-way and rerun with --resume: every item in order, at most one repeat per kill', async () => {
    const resume = join(installed.dir, 'scan.checkpoint.json');
    net.setFaults({ rate: 0.5, kinds: ['delay'], delayMs: 15, only: 'scan' });
    const runs: string[][] = [];
    let seen = 0;
    const kills = 5;
    for (let k = 0; k < kills; k++) {
      // A kill point in the rest of the history, leaving some for the next runs.
      const at = 1 + Math.floor(random() * Math.max(1, (history.length - seen) / 2));
      const r = await runBin(installed.bin, ['scan', 'updates', '--page-size', '20', '--resume', resume, '-q'], { env: { CANTON_RX_SCAN_URL: net.scanUrl }, signalAtLine: at });
      assert.equal(r.signal, 'SIGKILL', `run ${k} ended before its kill at line ${at} (seed ${seed}): ${r.stderr}`);
      runs.push(lines(r.stdout));
      seen += lines(r.stdout).length;
    }
    const last = await runBin(installed.bin, ['scan', 'updates', '--page-size', '20', '--resume', resume, '-q'], { env: { CANTON_RX_SCAN_URL: net.scanUrl } });
    assert.equal(last.code, 0, last.stderr);
    runs.push(lines(last.stdout));
    const joined = joinRuns(runs);
    assert.ok(joined.repeats <= kills);
    assert.deepEqual(joined.lines, history, `seed ${seed}`);
  });

  it('--out FILE killed with SIGKILL several times: the file holds every item exactly once', async () => {
    const out = join(installed.dir, 'history.ndjson');
    net.setFaults({ rate: 1, kinds: ['delay'], delayMs: 20, only: 'scan' });
    const count = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').length - 1 : 0);
    for (let k = 0; k < 3; k++) {
      const target = count() + 1 + Math.floor(random() * 40);
      const r = await runBin(installed.bin, ['scan', 'updates', '--page-size', '10', '--out', out, '-q'], { env: { CANTON_RX_SCAN_URL: net.scanUrl }, signalWhen: () => count() >= target });
      assert.equal(r.signal, 'SIGKILL', `run ${k} ended before its kill (seed ${seed}): ${r.stderr}`);
      assert.equal(r.stdout, '');
    }
    assert.ok(count() < history.length, 'the kills landed mid-way');
    const last = await runBin(installed.bin, ['scan', 'updates', '--page-size', '10', '--out', out, '-q'], { env: { CANTON_RX_SCAN_URL: net.scanUrl } });
    assert.equal(last.code, 0, last.stderr);
    assert.deepEqual(lines(readFileSync(out, 'utf8')), history);
  });

  it('--follow picks up growth, and SIGTERM stops it cleanly (exit 0, output whole)', async () => {
    const growth = 30;
    let grown = false;
    const r = await runBin(installed.bin, ['scan', 'updates', '--follow', '--poll-interval', '20', '--page-size', '50'], {
      env: { CANTON_RX_SCAN_URL: net.scanUrl },
      onLine: (n) => {
        if (n === history.length && !grown) {
          grown = true;
          net.append(growth);
        }
      },
      signalAtLine: history.length + growth,
      signal: 'SIGTERM',
    });
    assert.equal(r.code, 0, r.stderr);
    const grownHistory = await readHistory();
    assert.equal(grownHistory.length, history.length + growth);
    assert.deepEqual(lines(r.stdout), grownHistory);
    assert.ok(r.stdout.endsWith('\n'));
    const stderr = lines(r.stderr).map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(stderr.find((l) => l['event'] === 'stopping'), { event: 'stopping', signal: 'SIGTERM' });
    assert.equal((stderr.at(-1)!['done'] as { reason: string }).reason, 'stopped');
    history = grownHistory;
  });

  it('bad flags exit 2 with a helpful message; a missing URL names the flag and the environment variable', async () => {
    const bad = await runBin(installed.bin, ['scan', 'updates', '--page-size', 'many'], { env: { CANTON_RX_SCAN_URL: net.scanUrl } });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--page-size/);
    assert.match(bad.stderr, /whole number/);
    assert.match(bad.stderr, /--help/);
    assert.equal(bad.stdout, '');
    const unknown = await runBin(installed.bin, ['scan', 'update']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Did you mean updates\?/);
    const missing = await runBin(installed.bin, ['ledger', 'updates', '--party', 'alice::1']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--ledger-url/);
    assert.match(missing.stderr, /CANTON_RX_LEDGER_URL/);
  });

  it('a Left ends with exit 1 and a JSON error line on stderr, without the token', async () => {
    const secret = 'not-a-valid-token-4f1c9a';
    const r = await runBin(installed.bin, ['ledger', 'updates', '--any-party', '--retries', '0'], { env: { CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_TOKEN: secret } });
    assert.equal(r.code, 1);
    const error = lines(r.stderr)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l['error'] !== undefined)!['error'] as Record<string, unknown>;
    assert.equal(error['tag'], 'HttpError');
    assert.equal(error['status'], 401);
    assert.ok(!r.stderr.includes(secret) && !r.stdout.includes(secret));
  });

  it('ledger updates with the token from a file, --resume, to the ledger end', async () => {
    const party = net.party('alice');
    const tokenFile = join(installed.dir, 'token');
    writeFileSync(tokenFile, mintToken({ userId: 'alice', actAs: [party] }));
    const resume = join(installed.dir, 'alice.checkpoint.json');
    const r = await runBin(installed.bin, ['ledger', 'updates', '--party', party, '--token-file', tokenFile, '--resume', resume, '-q'], { env: { CANTON_RX_LEDGER_URL: net.ledgerUrl } });
    assert.equal(r.code, 0, r.stderr);
    const updates = lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.ok(updates.length > 0);
    const again = await runBin(installed.bin, ['ledger', 'updates', '--party', party, '--token-file', tokenFile, '--resume', resume, '-q'], { env: { CANTON_RX_LEDGER_URL: net.ledgerUrl } });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, '', 'a rerun after the end has nothing new');
  });
});
