import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { map } from 'rxjs';
import { ledgerUpdates } from '../../src/streams/ledgerUpdates';
import { scanUpdates } from '../../src/streams/scanUpdates';
import { scanHoldings } from '../../src/streams/scanHoldings';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { CantonError } from '../../src/errors/CantonError';
import type { Call } from '../../src/client/createTransport';
import { testScheduler } from '../helpers/marbles';
import { fakeTransport, type FakeReply } from '../helpers/fakeTransport';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';

const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };
const retry = { initialDelayMs: 100, factor: 2, random: () => 0.5 };
const unavailable: FakeReply = { status: 503, body: { error: 'This scan instance has not yet replicated all data' } };
const labelOf = (r: E.Either<CantonError, object>) => (E.isLeft(r) ? `Left:${r.left._tag === 'HttpError' ? r.left.condition ?? r.left.status : r.left._tag}` : String((checkpointOf(r.right as never) as { offset: number }).offset));

/** Fails the calls whose (0-based) index is listed, otherwise answers with `ok`. */
const failing = (indexes: number[], failure: FakeReply, ok: (call: Call) => FakeReply) => {
  let n = 0;
  return (call: Call) => (indexes.includes(n++) ? failure : ok(call));
};

describe('retries inside record streams (virtual time)', () => {
  it('ledger.updates: a failed page is asked again with the same token after backoff; nothing lost or repeated', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const history = ledgerHistory(6);
      const { transport, calls } = fakeTransport(failing([1, 2], { status: 503, body: { code: 'SERVICE_NOT_RUNNING', cause: 'busy', context: {}, errorCategory: 1 } }, (c) => answerUpdatesPage(history, JSON.stringify(c.body))), 10, () => ts.now());
      const out = ledgerUpdates(transport, { updateFormat, maxPageSize: 3, endOffsetInclusive: 18 }, { retry }).pipe(map(labelOf));
      // Page 1 at 10; page 2 fails at 20 and 80 (waits 50 and 100), succeeds at 190.
      expectObservable(out).toBe('10ms (abc) 175ms (def|)', { a: '3', b: '6', c: '9', d: '12', e: '15', f: '18' });
      ts.schedule(() => {
        assert.deepEqual(calls.map((c) => c.at), [0, 10, 70, 180]);
        const tokens = calls.slice(1).map((c) => (c.call.body as { pageToken?: string }).pageToken);
        assert.ok(tokens[0] !== undefined && tokens.every((t) => t === tokens[0]));
      }, 200);
    });
  });

  it('scan.updates: a retried page asks again after the same (migration_id, record_time)', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const history = scanHistory(6);
      const limited: FakeReply = { status: 429, body: { error: 'Too Many Requests' } };
      const { transport, calls } = fakeTransport(failing([1], limited, (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) })), 10, () => ts.now());
      const out = scanUpdates(transport, { page_size: 4 }, { retry }).pipe(map((r) => (E.isRight(r) ? 'i' : 'L')));
      // The second page fails once; its retry repeats item 3 (dropped) with 4 and 5; then an
      // overlap page with nothing new and an empty probe end the history.
      expectObservable(out).toBe('10ms (iiii) 64ms (ii) 16ms |');
      ts.schedule(() => {
        assert.deepEqual(calls.map((c) => c.at), [0, 10, 70, 80, 90]);
        assert.deepEqual(calls[1]!.call.body, calls[2]!.call.body);
      }, 100);
    });
  });

  it('tail mode: a retry config with only onRetry is laid over the retry-forever default, not a cap of 5', () => {
    const ts = testScheduler();
    const seen: number[] = [];
    ts.run(({ expectObservable }) => {
      const history = scanHistory(3);
      const { transport } = fakeTransport(failing([0, 1, 2, 3, 4, 5, 6, 7], unavailable, (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) })), 10, () => ts.now());
      const out = scanUpdates(transport, { page_size: 5 }, { tail: { intervalMs: 1000 }, retry: { random: () => 0, onRetry: ({ attempt }) => seen.push(attempt) } }).pipe(map((r) => (E.isRight(r) ? 'i' : 'L')));
      // Eight failures with zero waits (random 0), each 10 ms, then the page.
      expectObservable(out, '^ 200ms !').toBe('90ms (iii)');
    });
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('ledger.updates: a rejected page token restarts the paging from the last checkpoint with a fresh request', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const history = ledgerHistory(6);
      const { transport, calls } = fakeTransport(
        failing([1], { status: 400, body: { code: 'INVALID_UPDATES_PAGE_TOKEN', cause: 'token from another participant', context: {}, errorCategory: 8 } }, (c) => answerUpdatesPage(history, JSON.stringify(c.body))),
        10,
        () => ts.now(),
      );
      const out = ledgerUpdates(transport, { updateFormat, maxPageSize: 3, endOffsetInclusive: 18 }).pipe(map(labelOf));
      expectObservable(out).toBe('10ms (abc) 15ms (def|)', { a: '3', b: '6', c: '9', d: '12', e: '15', f: '18' });
      ts.schedule(() => {
        const fresh = calls[2]!.call.body as { pageToken?: string; beginOffsetExclusive?: number; endOffsetInclusive?: number };
        assert.equal(fresh.pageToken, undefined);
        assert.equal(fresh.beginOffsetExclusive, 9);
        assert.equal(fresh.endOffsetInclusive, 18);
      }, 100);
    });
  });

  it('ledger.updates: a token rejected again after the restart is a Left, not a loop', () => {
    const history = ledgerHistory(6);
    const bad: FakeReply = { status: 400, body: { code: 'INVALID_UPDATES_PAGE_TOKEN', cause: 'no', context: {}, errorCategory: 8 } };
    const { transport, calls } = fakeTransport(failing([1, 2], bad, (c) => answerUpdatesPage(history, JSON.stringify(c.body))));
    testScheduler().run(({ expectObservable }) => {
      const out = ledgerUpdates(transport, { updateFormat, maxPageSize: 3, endOffsetInclusive: 18 }, { retry }).pipe(map(labelOf));
      expectObservable(out).toBe('10ms (abc) 15ms (L|)', { a: '3', b: '6', c: '9', L: 'Left:InvalidPageToken' });
    });
    // The first page, the page with the token, one fresh request: no fourth.
    assert.equal(calls.length, 3);
  });

  it('ledger.updates: pruned data is a terminal Left that says so, even with a retry policy', () => {
    const { transport, calls } = fakeTransport(() => ({ status: 400, body: { code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', cause: 'pruned up to 40', context: {}, errorCategory: 9 } }));
    testScheduler().run(({ expectObservable }) => {
      expectObservable(ledgerUpdates(transport, { updateFormat }, { retry }).pipe(map(labelOf))).toBe('10ms (L|)', { L: 'Left:ParticipantPruned' });
    });
    assert.equal(calls.length, 1);
  });

  it('scan.holdings: a failed page is asked again with the same page token', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const contracts = Array.from({ length: 5 }, (_, i) => ({ contract_id: `c${i}`, template_id: 'p:Splice.Amulet:Amulet', package_name: 'splice-amulet', create_arguments: {}, created_at: '2026-01-01T00:00:00Z', signatories: [], observers: [] }));
      const answer = (c: Call): FakeReply => {
        const body = c.body as { after?: string; page_size: number };
        const start = body.after ? Number(body.after) : 0;
        const next = start + body.page_size < contracts.length ? String(start + body.page_size) : undefined;
        return { status: 200, body: { record_time: '2026-01-01T00:00:00Z', migration_id: 4, created_events: contracts.slice(start, start + body.page_size), ...(next ? { next_page_token: next } : {}) } };
      };
      const { transport, calls } = fakeTransport(failing([1], unavailable, answer), 10, () => ts.now());
      const out = scanHoldings(transport, { migration_id: 4, record_time: '2026-01-01T00:00:00Z', page_size: 3, owner_party_ids: ['o::1'] }, { retry }).pipe(map((r) => (E.isRight(r) ? r.right.contract_id : 'L')));
      expectObservable(out).toBe('10ms (abc) 65ms (de|)', { a: 'c0', b: 'c1', c: 'c2', d: 'c3', e: 'c4' });
      ts.schedule(() => assert.deepEqual(calls.map((c) => (c.call.body as { after?: string }).after), [undefined, '3', '3']), 100);
    });
  });
});
