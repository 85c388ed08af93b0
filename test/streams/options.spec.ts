import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, delay, map, of } from 'rxjs';
import { ledgerUpdates } from '../../src/streams/ledgerUpdates';
import { scanUpdates } from '../../src/streams/scanUpdates';
import type { CantonError } from '../../src/errors/CantonError';
import type { Transport } from '../../src/client/createTransport';
import type { RetryInfo } from '../../src/retry/retryBackoff';
import { httpError } from '../../src/errors/constructors';
import { testScheduler } from '../helpers/marbles';
import { fakeTransport } from '../helpers/fakeTransport';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';

const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };
const issuesOf = (r: E.Either<CantonError, unknown>) => (E.isLeft(r) && r.left._tag === 'InvalidRequest' ? r.left.issues : r);
const range = 'must be an integer number of milliseconds from 0 to 2147483647';

describe('stream options', () => {
  describe('tail.intervalMs', () => {
    // A timer of 2^31 ms or more, or of Infinity, fires after 1 ms: the stream would poll the
    // server every few milliseconds instead of every 24.8 days.
    for (const intervalMs of [2 ** 31, Infinity, -1, 0.5]) {
      it(`${intervalMs} is refused before any request, for both tailing streams`, () => {
        const ledger = fakeTransport((call) => answerUpdatesPage(ledgerHistory(3), JSON.stringify(call.body)));
        const scan = fakeTransport((call) => ({ status: 200, body: answerUpdates(scanHistory(3), JSON.stringify(call.body)) }));
        testScheduler().run(({ expectObservable }) => {
          expectObservable(ledgerUpdates(ledger.transport, { updateFormat }, { tail: { intervalMs } }).pipe(map(issuesOf)), '^ 100ms !').toBe('(a|)', { a: [{ path: 'tail.intervalMs', message: range }] });
          expectObservable(scanUpdates(scan.transport, { page_size: 10 }, { tail: { intervalMs } }).pipe(map(issuesOf)), '^ 100ms !').toBe('(a|)', { a: [{ path: 'tail.intervalMs', message: range }] });
        });
        assert.equal(ledger.calls.length + scan.calls.length, 0);
      });
    }

    it('the longest interval a timer can take (2^31 − 1 ms) is waited for in full', () => {
      const ts = testScheduler();
      const { transport, calls } = fakeTransport((call) => answerUpdatesPage(ledgerHistory(3), JSON.stringify(call.body)), 10, () => ts.now());
      ts.run(({ expectObservable }) => {
        const out = ledgerUpdates(transport, { updateFormat }, { tail: { intervalMs: 2 ** 31 - 1 } }).pipe(map((r) => (E.isRight(r) ? 'i' : 'L')));
        expectObservable(out, `^ ${2 ** 31 + 100}ms !`).toBe('10ms (iii)');
      });
      // The first page at 0, then the empty poll at 10 that shows the stream caught up, then
      // one poll a full interval later, and no other.
      assert.deepEqual(calls.map((c) => c.at), [0, 10, 20 + 2 ** 31 - 1]);
    });
  });

  describe('retry', () => {
    /** A ledger that answers the listed calls (0-based) with `failure` and the others from the history. */
    const flakyLedger = (failing: number[], failure: () => CantonError, now: () => number, size = 6) => {
      const inner = fakeTransport((call) => answerUpdatesPage(ledgerHistory(size), JSON.stringify(call.body)), 10, now);
      let n = 0;
      const transport: Transport = (call) => defer(() => (failing.includes(n++) ? (inner.calls.push({ at: now(), call }), of(E.left(failure())).pipe(delay(10))) : inner.transport(call)));
      return { transport, calls: inner.calls };
    };
    const unavailable = () => httpError({ status: 503, method: 'POST', url: '/v2/updates/get-updates-page', body: { _tag: 'Text', text: 'Service Unavailable' } });

    it('options.retry.onRetry is told of every page retry: attempt, delay and error', () => {
      const ts = testScheduler();
      const seen: RetryInfo[] = [];
      const { transport } = flakyLedger([1, 2], unavailable, () => ts.now());
      ts.run(({ expectObservable }) => {
        const out = ledgerUpdates(transport, { updateFormat, maxPageSize: 3, endOffsetInclusive: 18 }, { retry: { initialDelayMs: 100, random: () => 0.5, onRetry: (i) => seen.push(i) } }).pipe(map((r) => (E.isRight(r) ? 'i' : 'L')));
        expectObservable(out).toBe('10ms (iii) 175ms (iii|)');
      });
      assert.deepEqual(seen.map(({ attempt, delayMs, error }) => [attempt, delayMs, error._tag]), [[1, 50, 'HttpError'], [2, 100, 'HttpError']]);
    });

    it('an invalid retry policy is an InvalidRequest naming retry.<field>, and nothing is sent', () => {
      const ts = testScheduler();
      const { transport, calls } = flakyLedger([], unavailable, () => ts.now());
      ts.run(({ expectObservable }) => {
        const out = ledgerUpdates(transport, { updateFormat }, { tail: {}, retry: { maxDelayMs: Infinity, maxRetries: Infinity } }).pipe(map(issuesOf));
        expectObservable(out, '^ 100ms !').toBe('(a|)', { a: [{ path: 'retry.maxDelayMs', message: range }] });
      });
      assert.equal(calls.length, 0);
    });

    it('tailing: a server that asks for 30 days ends the stream with its Left instead of a wait or a storm', () => {
      const ts = testScheduler();
      const monthLater = () => httpError({ status: 503, method: 'POST', url: '/v2/updates/get-updates-page', body: { _tag: 'Text', text: 'Service Unavailable' }, retryAfterMs: 2_592_000_000 });
      const { transport, calls } = flakyLedger([2], monthLater, () => ts.now(), 3);
      ts.run(({ expectObservable }) => {
        // Tail mode retries retryable failures forever, but not a wait past maxServerDelayMs.
        const out = ledgerUpdates(transport, { updateFormat }, { tail: { intervalMs: 1000 } }).pipe(map((r) => (E.isRight(r) ? 'i' : r.left._tag === 'HttpError' ? String(r.left.retryAfterMs) : 'L')));
        expectObservable(out, '^ 10000ms !').toBe('10ms (iii) 1015ms (x|)', { i: 'i', x: '2592000000' });
      });
      assert.deepEqual(calls.map((c) => c.at), [0, 10, 1020]);
    });
  });
});
