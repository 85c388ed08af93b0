import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { filter, firstValueFrom, scan as fold, takeWhile, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import type { EventsCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import type { EventHistoryItem } from '../../src/generated/scan/schemas';
import type { CantonError } from '../../src/errors/CantonError';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Obj = Record<string, unknown>;
const idOf = (e: EventHistoryItem): string => (e.update?.update_id ?? e.verdict?.update_id)!;

describe('scan.events (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let history: Obj[];
  before(async () => {
    // Short pages and tied record times: the overlap paging has to find every event across pages.
    net = await startSimulatedNetwork({ seed: 'scan-events', updates: 80, shortPages: 0.5, tiedRecordTimes: 0.3 });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    const res = await fetch(`${net.scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 1000 }) });
    history = ((await res.json()) as { transactions: Obj[] }).transactions;
  });
  after(() => net.close());

  it('reads every event the network holds exactly once, in order: its updates are the update history', async () => {
    const events = rights(await collect(scan.events({ page_size: 9 })));
    assert.deepEqual(JSON.parse(JSON.stringify(events.map((e) => e.update))), history);
    assert.ok(events.some((e) => e.verdict != null) && events.some((e) => e.verdict == null));
  });

  it('resuming from the checkpoint of any event gives exactly the events after it', async () => {
    const events = rights(await collect(scan.events({ page_size: 30 })));
    const ids = events.map(idOf);
    for (let i = 0; i < events.length; i++) {
      const from = JSON.parse(JSON.stringify(checkpointOf(events[i]!))) as EventsCheckpoint;
      assert.equal(from.stream, 'scan.events');
      const rest = rights(await collect(scan.events({ page_size: 30 }, { from })));
      assert.deepEqual(rest.map(idOf), ids.slice(i + 1), `after event ${i}`);
    }
  });

  it('with tail it picks up growth, with heartbeats while idle', async () => {
    const total = history.length + 6;
    let grown = false;
    const out = await firstValueFrom(
      scan.events({ page_size: 50 }, { tail: { intervalMs: 5 }, heartbeats: true }).pipe(
        filter((r) => {
          // The first heartbeat says the stream caught up: the network grows then, once.
          if (E.isRight(r) && isHeartbeat(r.right) && !grown) {
            grown = true;
            net.append(6);
          }
          return !(E.isRight(r) && isHeartbeat(r.right));
        }),
        fold((n, r) => [...n, r], [] as Array<E.Either<CantonError, EventHistoryItem | object>>),
        takeWhile((rs) => rs.length < total, true),
        toArray(),
      ),
    );
    const events = rights(out.at(-1)!) as EventHistoryItem[];
    assert.equal(events.length, total);
    const res = await fetch(`${net.scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 1000 }) });
    const now = ((await res.json()) as { transactions: Obj[] }).transactions;
    assert.deepEqual(events.map(idOf), now.map((u) => u['update_id']));
  });
});

describe('scan.events (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: Obj[][];
  let scan: ScanGroup;
  const verdictOnly = (i: number, time: string): Obj => ({
    verdict: {
      update_id: `u${i}`, migration_id: 1, domain_id: 'd::1', record_time: time, finalization_time: time, submitting_parties: [], submitting_participant_uid: 'p::1',
      verdict_result: 'VERDICT_RESULT_ACCEPTED', mediator_group: 0, transaction_views: { views: [], root_views: [] },
    },
  });
  before(async () => {
    server = await startServer(() => ({ body: { events: pages.shift() ?? [] } }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());

  it('an event before the last one delivered is an invariant Left at its path, after the valid events', async () => {
    pages = [[verdictOnly(1, '2026-01-01T00:00:01.000000Z'), verdictOnly(2, '2026-01-01T00:00:02.000000Z')], [verdictOnly(2, '2026-01-01T00:00:02.000000Z'), verdictOnly(0, '2026-01-01T00:00:00.500000Z')]];
    const out = await collect(scan.events({ page_size: 2 }));
    assert.deepEqual(out.slice(0, 2).map((r) => E.isRight(r) && idOf(r.right)), ['u1', 'u2']);
    const last = out[2]!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && last.left.reason === 'invariant', JSON.stringify(last));
    assert.match(last.left.issues[0]!.path, /^events\.1$/);
    assert.equal(out.length, 3);
  });

  it('an event with neither update nor verdict is an invariant Left', async () => {
    pages = [[verdictOnly(1, '2026-01-01T00:00:01.000000Z'), {}]];
    const out = await collect(scan.events({ page_size: 5 }));
    assert.equal(out.length, 2);
    assert.ok(E.isRight(out[0]!) && idOf(out[0].right) === 'u1', 'the valid event before it is handed on');
    const last = out.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && last.left.reason === 'invariant');
    assert.equal(last.left.issues[0]!.path, 'events.1');
  });

  // Defect B: a verdict's record_time is the paging cursor. RFC 3339 allows an offset instead of
  // Z: the cursor arithmetic must take it (or give a Left), never throw inside a timer.
  it('a verdict record time written with +00:00 pages on (the cursor is its UTC instant), with no throw', async () => {
    pages = [[verdictOnly(1, '2026-01-01T00:00:01.000000+00:00'), verdictOnly(2, '2026-01-01T01:00:02.5+01:00')], []];
    const before = server.requests.length;
    const out = await collect(scan.events({ page_size: 2 }));
    assert.deepEqual(out.map((r) => (E.isRight(r) ? idOf(r.right) : r.left._tag)), ['u1', 'u2']);
    // The page after u2 asks from the microsecond before its instant, written in UTC.
    const second = JSON.parse(server.requests[before + 1]!.body) as { after: { after_record_time: string } };
    assert.equal(second.after.after_record_time, '2026-01-01T00:00:02.499999Z');
  });

  it('a verdict record time that is no RFC 3339 time is refused by the codec: a DecodeError at its path, never a cursor', async () => {
    pages = [[verdictOnly(1, '2026-01-01T00:00:01.000000Z'), verdictOnly(2, 'yesterday')]];
    const out = await collect(scan.events({ page_size: 2 }));
    assert.equal(out.length, 1);
    const last = out[0]!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError', JSON.stringify(last));
    assert.ok(last.left.issues.some((i) => i.path.endsWith('events.1.verdict.record_time')), JSON.stringify(last.left.issues));
  });
});
