import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, delay, map, of, Subject, switchMap, timer } from 'rxjs';
import type { Call, Transport } from '../../src/client/createTransport';
import { httpError } from '../../src/errors/constructors';
import { scanUpdates } from '../../src/streams/scanUpdates';
import { ledgerUpdates } from '../../src/streams/ledgerUpdates';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { Update } from '../../src/codecs/ledger/Update';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { testScheduler } from '../helpers/marbles';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';

/**
 * A transport whose answers show their raw text `textMs` after the request and their parsed body
 * `parseMs` later, as a real one does while it parses a large page; `rewrite` may change the text
 * it shows (not the body). Every request is recorded with when it was sent and whether it was
 * cancelled before its answer.
 */
const parsingTransport = (
  now: () => number,
  answer: (call: Call, n: number) => { status: number; body: object },
  { textMs = 10, parseMs = 20, rewrite = (text: string) => text } = {},
) => {
  const calls: Array<{ at: number; body: unknown; cancelled: boolean }> = [];
  const transport: Transport = (call) =>
    defer(() => {
      const record = { at: now(), body: call.body, cancelled: true };
      calls.push(record);
      const reply = answer(call, calls.length - 1);
      const ok = reply.status === 200;
      return timer(textMs).pipe(
        switchMap(() => {
          if (ok) call.onOkText?.(rewrite(JSON.stringify(reply.body)));
          const result = ok
            ? E.right({ status: 200, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: reply.body } })
            : E.left(httpError({ status: reply.status, method: call.method, url: call.path, body: { _tag: 'SimpleError', error: 'unavailable' } }));
          return of(result).pipe(delay(ok ? parseMs : 0));
        }),
        map((r) => {
          record.cancelled = false;
          return r;
        }),
      );
    });
  return { transport, calls };
};

const ids = map((r: E.Either<unknown, object>) => (E.isRight(r) ? (r.right as { update_id: string }).update_id.slice(-2) : 'L'));

describe('sendAhead: scan.updates sends its next request while a page is parsed', () => {
  it('the next request leaves when the page text arrives, before the page is decoded and handed on', () => {
    const ts = testScheduler();
    const history = scanHistory(8);
    const { transport, calls } = parsingTransport(() => ts.now(), (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) }));
    ts.run(({ expectObservable }) => {
      // Page 1: text at 10, decoded and handed on at 30. Page 2 was asked for at 10, when page 1's
      // text arrived (not at 30), so it is handed on at 40 instead of 60. The guess from page 2's
      // text is sent when page 2 is taken (30), never two pages ahead; the probe ends it at 90.
      expectObservable(scanUpdates(transport, { page_size: 4 }).pipe(ids), '^ 200ms !').toBe('30ms (abcd) 4ms (efgh) 44ms |', {
        a: '00', b: '01', c: '02', d: '03', e: 'a4', f: '05', g: '06', h: '07',
      });
    });
    assert.deepEqual(calls.map((c) => c.at), [0, 10, 30, 60]);
    assert.ok(calls.every((c) => !c.cancelled), 'every request sent ahead was used');
  });

  it('a wrong guess is dropped and the request the page asks for is sent: nothing lost or repeated', () => {
    const ts = testScheduler();
    const history = scanHistory(8);
    // The text shows a record time that is not the last item's: the guess cannot match.
    const rewrite = (text: string) => text.replace(/"record_time":"([^"]*)"(?![\s\S]*"record_time")/, '"record_time":"2030-01-01T00:00:00Z"');
    const { transport, calls } = parsingTransport(() => ts.now(), (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) }), { rewrite });
    const out: string[] = [];
    ts.run(() => {
      scanUpdates(transport, { page_size: 4 }).pipe(ids).subscribe((x) => out.push(x));
    });
    assert.deepEqual(out, history.map((h) => (h.update_id as string).slice(-2)));
    // The wrong guesses were sent, and their answers not used.
    assert.ok(calls.some((c) => JSON.stringify(c.body).includes('2029-12-31T23:59:59.999999Z')));
  });

  it('a request sent ahead that fails is retried with a new request, not replayed', () => {
    const ts = testScheduler();
    const history = scanHistory(8);
    const { transport, calls } = parsingTransport(() => ts.now(), (c, n) => (n === 1 ? { status: 503, body: {} } : { status: 200, body: answerUpdates(history, JSON.stringify(c.body)) }));
    const out: string[] = [];
    ts.run(() => {
      scanUpdates(transport, { page_size: 4 }, { retry: { random: () => 0 } }).pipe(ids).subscribe((x) => out.push(x));
    });
    assert.deepEqual(out, history.map((h) => (h.update_id as string).slice(-2)));
    assert.deepEqual(calls[1]!.body, calls[2]!.body, 'the failed request sent ahead was asked again');
  });

  it('unsubscribing cancels the request sent ahead; pull mode sends nothing ahead', () => {
    const ts = testScheduler();
    const history = scanHistory(8);
    const push = parsingTransport(() => ts.now(), (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) }));
    const pull = parsingTransport(() => ts.now(), (c) => ({ status: 200, body: answerUpdates(history, JSON.stringify(c.body)) }));
    ts.run(({ expectObservable }) => {
      expectObservable(scanUpdates(push.transport, { page_size: 4 }).pipe(ids), '^ 15ms !').toBe('');
      expectObservable(scanUpdates(pull.transport, { page_size: 4 }, { pull: new Subject<void>() }).pipe(ids), '^ 100ms !').toBe('30ms (abcd)', { a: '00', b: '01', c: '02', d: '03' });
    });
    assert.equal(push.calls.length, 2);
    assert.equal(push.calls[1]!.cancelled, true);
    // Pull mode, prefetch 1: the second page is asked for once the first is decoded, not at its text.
    assert.deepEqual(pull.calls.map((c) => c.at), [0, 30]);
  });
});

const FORMAT = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const, eventFormat: { filtersForAnyParty: {} } } };
const ledgerIds = map((r: E.Either<unknown, object>) => (E.isRight(r) ? ((r.right as { Transaction: { value: { updateId: string } } }).Transaction.value.updateId.replace('update-', '')) : 'L'));

describe('sendAhead: ledger.updates sends its next request while a page is parsed', () => {
  const history = ledgerHistory(10);
  const answer = (c: Call) => answerUpdatesPage(history, JSON.stringify(c.body));

  it('the next request leaves when the page text arrives, on the token read from it, and is used', () => {
    const ts = testScheduler();
    const { transport, calls } = parsingTransport(() => ts.now(), answer);
    ts.run(({ expectObservable }) => {
      // Page 1: text at 10, handed on at 30; page 2 asked for at 10 (its text at 20), handed on at
      // 40; page 3 (two updates) asked for at 30, when page 2 was taken (never two pages ahead),
      // handed on at 60; the empty page after it asked for at 40, at page 3's text, ends it at 70.
      expectObservable(ledgerUpdates(transport, { updateFormat: FORMAT, maxPageSize: 4 }).pipe(ledgerIds), '^ 200ms !').toBe('30ms (abcd) 4ms (efgh) 14ms (ij) 6ms |', {
        a: '0', b: '1', c: '2', d: '3', e: '4', f: '5', g: '6', h: '7', i: '8', j: '9',
      });
    });
    assert.deepEqual(calls.map((c) => c.at), [0, 10, 30, 40]);
    assert.ok(calls.every((c) => !c.cancelled), 'every request sent ahead was used');
  });

  it('a wrong token in the text is dropped and the request the page asks for is sent: nothing lost or repeated', () => {
    const ts = testScheduler();
    const rewrite = (text: string) => text.replace(/"nextPageToken":"[^"]*"/, '"nextPageToken":"d3Jvbmc="');
    const { transport, calls } = parsingTransport(() => ts.now(), answer, { rewrite });
    const out: string[] = [];
    ts.run(() => {
      ledgerUpdates(transport, { updateFormat: FORMAT, maxPageSize: 4 }).pipe(ledgerIds).subscribe((x) => out.push(x));
    });
    assert.deepEqual(out, history.map((_, i) => String(i)));
    const wrong = calls.filter((c) => (c.body as { pageToken?: string }).pageToken === 'd3Jvbmc=');
    assert.ok(wrong.length > 0 && wrong.every((c) => c.cancelled), 'the wrong guesses were sent and not used');
  });

  it('an empty page sends nothing ahead: a tail waits for its interval before asking again', () => {
    const ts = testScheduler();
    // Each empty page gives a token of its own (a participant may), so a guess would differ from the request.
    const { transport, calls } = parsingTransport(() => ts.now(), (c, n) => {
      const reply = answer(c) as { status: number; body: { updates: unknown[]; nextPageToken?: string } };
      if (reply.body.updates.length > 0 || reply.body.nextPageToken === undefined) return reply;
      const token = JSON.parse(Buffer.from(reply.body.nextPageToken, 'base64').toString()) as object;
      return { ...reply, body: { ...reply.body, nextPageToken: Buffer.from(JSON.stringify({ ...token, poll: n })).toString('base64') } };
    });
    ts.run(({ expectObservable }) => {
      // Unsubscribed at 2500 ms: a tail never ends by itself.
      expectObservable(ledgerUpdates(transport, { updateFormat: FORMAT, maxPageSize: 20 }, { tail: { intervalMs: 1000 } }).pipe(ledgerIds), '^ 2500ms !').toBe('30ms (abcdefghij)', {
        a: '0', b: '1', c: '2', d: '3', e: '4', f: '5', g: '6', h: '7', i: '8', j: '9',
      });
    });
    // Page 1 (all ten) at 0; its token guessed from the text at 10; the empty page's answer at 30
    // is a tail: the next ask waits a second, and again.
    const at = calls.map((c) => c.at);
    assert.deepEqual(at.slice(0, 2), [0, 10]);
    for (let i = 2; i < at.length; i++) assert.ok(at[i]! - at[i - 1]! >= 1000, JSON.stringify(at));
  });

  it('a request sent ahead that fails is retried with a new request, and a resume from every item stays exact', () => {
    const ts = testScheduler();
    const { transport, calls } = parsingTransport(() => ts.now(), (c, n) => (n === 1 ? { status: 503, body: {} } : answer(c)));
    const out: string[] = [];
    ts.run(() => {
      ledgerUpdates(transport, { updateFormat: FORMAT, maxPageSize: 3 }, { retry: { random: () => 0 } }).pipe(ledgerIds).subscribe((x) => out.push(x));
    });
    assert.deepEqual(out, history.map((_, i) => String(i)));
    assert.deepEqual(calls[1]!.body, calls[2]!.body, 'the failed request sent ahead was asked again');
    for (let k = 0; k < history.length; k++) {
      const resumed: string[] = [];
      const from = checkpointOf(history[k]!['update'] as Update);
      const rts = testScheduler();
      const t = parsingTransport(() => rts.now(), answer);
      rts.run(() => {
        ledgerUpdates(t.transport, { updateFormat: FORMAT, maxPageSize: 3 }, { from }).pipe(ledgerIds).subscribe((x) => resumed.push(x));
      });
      assert.deepEqual(resumed, history.slice(k + 1).map((_, i) => String(k + 1 + i)), `resumed after item ${k}`);
    }
  });
});
