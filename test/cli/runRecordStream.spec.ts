import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { runRecordStream } from '../../src/cli/runRecordStream';
import { scanUpdatesPlan } from '../../src/cli/scanUpdatesCommand';
import { UsageError } from '../../src/cli/UsageError';
import { createClient } from '../../src/clientFactory/createClient';
import { orThrow } from '../../src/operators/orThrow';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

describe('runRecordStream', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let history: string[];
  let dir: string;
  const flags = { version: 'v2' as const, pollInterval: 10, pageSize: 40 };
  const plan = () => scanUpdatesPlan(createClient({ scan: { url: net.scanUrl } }), flags);

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'cli', updates: 150, shortPages: 0.3 });
    const items = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 1000 }).pipe(orThrow(), toArray()));
    history = items.map((i) => JSON.stringify(i));
  });
  after(() => net.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'canton-rx-run-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes exactly the history, one item a line, exit 0', async () => {
    const { io, stdout, stderr } = fakeIo();
    assert.equal(await runRecordStream(io, plan(), {}), 0);
    assert.deepEqual(stdout.lines(), history);
    assert.equal(stderr.json().at(-1)!['done'] !== undefined, true);
  });

  it('--resume: a stop request ends after the current item; a rerun continues after it, nothing lost or repeated', async () => {
    const resume = join(dir, 'cp.json');
    const out: string[] = [];
    for (const stopAt of [7, 60, 61]) {
      const { io, stdout, stop } = fakeIo();
      const write = stdout.write.bind(stdout);
      stdout.write = (chunk: string) => {
        const r = write(chunk);
        if (stdout.lines().length === stopAt - out.length) stop('SIGTERM');
        return r;
      };
      assert.equal(await runRecordStream(io, plan(), { resume }), 0);
      out.push(...stdout.lines());
      assert.equal(out.length, stopAt);
    }
    const { io, stdout } = fakeIo();
    assert.equal(await runRecordStream(io, plan(), { resume }), 0);
    assert.deepEqual([...out, ...stdout.lines()], history);
  });

  it('--out: continues after the last whole line, a cut-off one dropped: every item exactly once', async () => {
    const path = join(dir, 'out.ndjson');
    appendFileSync(path, `${history.slice(0, 33).join('\n')}\n${history[33]!.slice(0, 20)}`);
    const { io, stdout, stderr } = fakeIo();
    assert.equal(await runRecordStream(io, plan(), { out: path }), 0);
    assert.equal(stdout.text, '');
    assert.deepEqual(readFileSync(path, 'utf8').trimEnd().split('\n'), history);
    assert.deepEqual(stderr.json()[0], { event: 'resumed', from: JSON.parse(JSON.stringify(scanCheckpointOf(history[32]!))), droppedCutOffLine: true });
  });

  it('--format json: one JSON array, valid even when stopped early', async () => {
    const { io, stdout, stop } = fakeIo();
    const write = stdout.write.bind(stdout);
    stdout.write = (chunk: string) => (chunk.startsWith(',') && stdout.lines().length === 4 ? (stop(), write(chunk)) : write(chunk));
    assert.equal(await runRecordStream(io, plan(), { format: 'json' }), 0);
    assert.deepEqual(JSON.parse(stdout.text), history.slice(0, 5).map((l) => JSON.parse(l)));
  });

  it('a Left ends it with exit 1 and a JSON error line; the stop handler is removed', async () => {
    const { io, stderr, listeners } = fakeIo();
    const closed = scanUpdatesPlan(createClient({ scan: { url: 'http://127.0.0.1:9/api/scan' } }), { ...flags, retries: 0 });
    assert.equal(await runRecordStream(io, closed, {}), 1);
    const error = stderr.json().find((l) => l['error'] !== undefined)!['error'] as Record<string, unknown>;
    assert.equal(error['tag'], 'NetworkError');
    assert.equal(listeners(), 0);
  });

  it('refuses a --resume file of another stream, and --out with --resume or json, before anything is sent', async () => {
    const resume = join(dir, 'ledger.json');
    appendFileSync(resume, JSON.stringify({ revision: 1, checkpoint: { stream: 'ledger.updates', offset: 3 } }));
    const { io } = fakeIo();
    await assert.rejects(runRecordStream(io, plan(), { resume }), (e: Error) => e instanceof UsageError && /ledger\.updates/.test(e.message));
    await assert.rejects(runRecordStream(io, plan(), { resume, out: join(dir, 'x') }), UsageError);
    await assert.rejects(runRecordStream(io, plan(), { format: 'json', out: join(dir, 'x') }), UsageError);
  });
});

const scanCheckpointOf = (line: string) => {
  const item = JSON.parse(line) as { update_id: string; migration_id?: number; record_time: string; event?: { migration_id: number } };
  return { stream: 'scan.updates', migration_id: item.event?.migration_id ?? item.migration_id, record_time: item.record_time, update_id: item.update_id };
};
