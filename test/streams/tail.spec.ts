import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { map } from 'rxjs';
import { ledgerUpdates } from '../../src/streams/ledgerUpdates';
import { scanUpdates } from '../../src/streams/scanUpdates';
import { previousMicrosecond } from '../../src/time/previousMicrosecond';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { CantonError } from '../../src/errors/CantonError';
import { testScheduler } from '../helpers/marbles';
import { fakeTransport } from '../helpers/fakeTransport';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';

const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };

/** A short label per element: the offset or cursor of an item, `hb:<checkpoint>@<polledAt>` for a heartbeat. */
const label = (r: E.Either<CantonError, object>): string => {
  if (E.isLeft(r)) return `Left:${r.left._tag}`;
  const e = r.right as Parameters<typeof checkpointOf>[0];
  if (isHeartbeat(e)) {
    const cp = e.checkpoint as { offset?: number; record_time?: string } | undefined;
    return `hb:${cp?.offset ?? cp?.record_time ?? '-'}@${e.polledAt}`;
  }
  const cp = checkpointOf(e as never) as { offset?: number; record_time?: string };
  return String(cp.offset ?? cp.record_time);
};

describe('tailing (checkpoint polling) in virtual time', () => {
  it('ledger.updates: after catching up it polls every intervalMs with the token and picks up new updates', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      let history = ledgerHistory(5);
      const { transport, calls } = fakeTransport((call) => answerUpdatesPage(history, JSON.stringify(call.body)), 10, () => ts.now());
      ts.schedule(() => (history = ledgerHistory(7)), 1500);
      const out = ledgerUpdates(transport, { updateFormat, maxPageSize: 10 }, { tail: { intervalMs: 1000 }, heartbeats: true }).pipe(map(label));
      expectObservable(out, '^ 2099ms !').toBe('10ms (abcde) 3ms x 1009ms y 1009ms (fg) 6ms z', {
        a: '3', b: '6', c: '9', d: '12', e: '15', x: 'hb:15@20', y: 'hb:15@1030', f: '18', g: '21', z: 'hb:21@2050',
      });
      ts.schedule(() => {
        assert.deepEqual(calls.map((c) => c.at), [0, 10, 1020, 2030, 2040]);
        // Every poll after the first page uses the token; none has an end offset.
        assert.ok(calls.slice(1).every((c) => typeof (c.call.body as { pageToken?: string }).pageToken === 'string'));
      }, 2099);
    });
  });

  it('scan.updates: once nothing follows the last item it polls strictly after it every intervalMs', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const full = scanHistory(12);
      let visible = 4;
      const { transport, calls } = fakeTransport((call) => ({ status: 200, body: answerUpdates(full.slice(0, visible), JSON.stringify(call.body)) }), 10, () => ts.now());
      ts.schedule(() => (visible = 6), 700);
      const out = scanUpdates(transport, { page_size: 3 }, { tail: { intervalMs: 500 }, heartbeats: true }).pipe(map((r) => (E.isRight(r) && !isHeartbeat(r.right) ? (r.right as { update_id: string }).update_id.slice(-2) : label(r))));
      const t = (i: number) => full[i]!.record_time as string;
      // The short first page is not the end: the overlap page at 20 shows item 3, the one at 30
      // nothing new, and the probe at 40 the end (a heartbeat). Polls at 550 (nothing new yet) and
      // at 1060 (the two new items), then caught up again at 1080.
      expectObservable(out, '^ 1100ms !').toBe('10ms (abc) 5ms d 19ms x 509ms y 509ms (ef) 16ms z', {
        a: '00', b: '01', c: '02', d: '03', x: `hb:${t(3)}@40`, y: `hb:${t(3)}@550`, e: 'a4', f: '05', z: `hb:${t(5)}@1080`,
      });
      ts.schedule(() => {
        assert.deepEqual(calls.map((c) => c.at), [0, 10, 20, 30, 540, 1050, 1060, 1070]);
        const after = (i: number) => (calls[i]!.call.body as { after: unknown }).after;
        const strict = { after_migration_id: full[3]!.migration_id, after_record_time: t(3) };
        // The overlap request asks from the microsecond before the last item; probe and polls strictly after it.
        assert.deepEqual(after(2), { ...strict, after_record_time: previousMicrosecond(t(3)) });
        assert.deepEqual(after(3), strict);
        assert.deepEqual(after(4), strict);
        assert.deepEqual(after(5), strict);
      }, 1100);
    });
  });

  it('tail is refused for a descending or bounded ledger request, without sending', () => {
    testScheduler().run(({ expectObservable }) => {
      const { transport, calls } = fakeTransport(() => ({ status: 200, body: {} }));
      const out = ledgerUpdates(transport, { updateFormat, endOffsetInclusive: 9 }, { tail: { intervalMs: 10 } }).pipe(map((r) => (E.isLeft(r) ? r.left._tag : 'item')));
      expectObservable(out).toBe('(a|)', { a: 'InvalidRequest' });
      assert.equal(calls.length, 0);
    });
  });

  it('without tail, the heartbeat comes once, at the end', () => {
    testScheduler().run(({ expectObservable }) => {
      const history = ledgerHistory(2);
      const { transport } = fakeTransport((call) => answerUpdatesPage(history, JSON.stringify(call.body)), 10);
      expectObservable(ledgerUpdates(transport, { updateFormat }, { heartbeats: true }).pipe(map(label))).toBe('10ms (ab) 6ms (h|)', { a: '3', b: '6', h: 'hb:6@20' });
    });
  });
});
