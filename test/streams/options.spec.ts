import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { map } from 'rxjs';
import { ledgerUpdates } from '../../src/streams/ledgerUpdates';
import { scanUpdates } from '../../src/streams/scanUpdates';
import type { CantonError } from '../../src/errors/CantonError';
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
});
