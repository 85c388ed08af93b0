import assert from 'node:assert/strict';
import * as FakeTimers from '@sinonjs/fake-timers';
import { dateTimestampProvider } from 'rxjs/internal/scheduler/dateTimestampProvider';
import { intervalProvider } from 'rxjs/internal/scheduler/intervalProvider';
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import type { ScanPoolConfig, ScanPoolEvent } from '../../src/pool/types.js';
import { scanHistory } from '../helpers/scanHistory.js';
import { memoryScans, type MemoryScan } from './helpers/memoryScans.js';

const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

describe('Scan pool: routing around rate-limited and slow Scans (virtual time)', () => {
  // A clock of its own, given to RxJS's scheduler and to the Scans, not installed over the globals:
  // timers that other specs left running are not touched.
  let clock: FakeTimers.Clock;
  beforeEach(() => {
    clock = FakeTimers.createClock(Date.UTC(2026, 0, 1));
    // A timer another spec left running is still cleared on the real clock.
    const fake = new Set<unknown>();
    intervalProvider.delegate = {
      setInterval: (f: () => void, ms?: number) => {
        const id = clock.setInterval(f, ms ?? 0);
        fake.add(id);
        return id as never;
      },
      clearInterval: (id) => (fake.has(id) ? clock.clearInterval(id as never) : clearInterval(id)),
    };
    dateTimestampProvider.delegate = { now: () => clock.now };
  });
  afterEach(() => {
    intervalProvider.delegate = undefined;
    dateTimestampProvider.delegate = undefined;
  });

  const history = scanHistory(600);
  const PAGE = 10;

  /** Reads `scan.updates` to its end in virtual time: the items, the Lefts and the virtual time it took. */
  const readAll = async (scans: ReadonlyArray<MemoryScan>, pool: Partial<ScanPoolConfig> = {}, pageSize = PAGE) => {
    const set = memoryScans(history, scans, { setTimeout: (f, ms) => clock.setTimeout(f, ms), clearTimeout: (t) => clock.clearTimeout(t as never) });
    const events: ScanPoolEvent[] = [];
    const client = createClient({ fetch: set.fetch, scan: { urls: set.urls, random: seeded(3), onEvent: (e) => events.push(e), ...pool } });
    const stream: Observable<E.Either<CantonError, { update_id: string }>> = client.scan.updates({ page_size: pageSize });
    const started = clock.now;
    const items: string[] = [];
    const lefts: CantonError[] = [];
    let finished = false;
    stream.subscribe({ next: (r) => (E.isRight(r) ? items.push(r.right.update_id) : lefts.push(r.left)), complete: () => (finished = true) });
    for (let i = 0; i < 20_000 && !finished; i++) await clock.tickAsync(5);
    assert.ok(finished, 'the read did not end');
    return { items, lefts, ms: clock.now - started, requests: set.requests, statuses: set.statuses, events };
  };
  const ids = history.map((i) => i['update_id']);

  it('one Scan of four answering 429 to every second request: reads go to the others, at the speed of an honest pool', async () => {
    const honest = await readAll([{}, {}, {}, {}]);
    assert.deepEqual(honest.lefts, []);
    assert.deepEqual(honest.items, ids);
    const limited = await readAll([{}, {}, { limitedEvery: 2 }, {}]);
    assert.deepEqual(limited.lefts, []);
    assert.deepEqual(limited.items, ids);
    // The limited Scan is asked while it answers, and left aside while its rate recovers: no read
    // waits for its token while the others agree.
    assert.ok(limited.ms <= 1.5 * honest.ms, `${limited.ms} ms with a rate-limited Scan, ${honest.ms} ms without`);
    assert.ok((limited.statuses[2]![429] ?? 0) >= 1);
    assert.ok(limited.requests[2]! < limited.requests[0]!, `requests per Scan ${limited.requests.join(', ')}`);
    assert.ok(limited.events.some((e) => e.type === 'rate'));
  });

  it('a slow Scan is asked after the others: it does not set the pace of the read', async () => {
    const honest = await readAll([{}, {}, {}, {}]);
    const slow = await readAll([{}, {}, {}, { latencyMs: 2000 }]);
    assert.deepEqual(slow.lefts, []);
    assert.deepEqual(slow.items, ids);
    // Once its latency is known, it is asked only when the others are not enough.
    assert.ok(slow.requests[3]! <= 3, `requests per Scan ${slow.requests.join(', ')}`);
    assert.ok(slow.ms <= honest.ms + 3 * 2000, `${slow.ms} ms with a slow Scan, ${honest.ms} ms without`);
  });

  it("the cheaper mode (ask: 'threshold') asks f + 1 Scans a page when they agree", async () => {
    const all = await readAll([{}, {}, {}, {}]);
    const lean = await readAll([{}, {}, {}, {}], { ask: 'threshold' });
    assert.deepEqual(lean.lefts, []);
    assert.deepEqual(lean.items, ids);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const pages = sum(all.requests) / 3;
    assert.equal(sum(lean.requests), 2 * pages);
  });

  it('a pool whose every Scan is rate-limited asks a limited Scan again once its host has a token, and reads exactly', async () => {
    const r = await readAll([{ limitedEvery: 2 }, { limitedEvery: 2 }, { limitedEvery: 2 }, { limitedEvery: 2 }], {}, 100);
    assert.deepEqual(r.lefts, []);
    assert.deepEqual(r.items, ids);
  });
});
