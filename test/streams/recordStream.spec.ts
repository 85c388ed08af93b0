import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, delay, of, Subject, takeUntil, takeWhile, timer } from 'rxjs';
import type { Transport } from '../../src/client/createTransport';
import { ledgerUpdates, ledgerUpdatesPages } from '../../src/streams/ledgerUpdates';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
import { checkpointCodecs } from '../../src/streams/checkpointCodecs';
import type { VoteResultsCheckpoint } from '../../src/streams/checkpoints';
import type { StreamOptions } from '../../src/streams/options';
import { recordStream, type ReadContext } from '../../src/streams/recordStream';
import { tokenPaging } from '../../src/streams/tokenPaged';
import * as scanOperations from '../../src/generated/scan/operations';
import { fakeTransport } from '../helpers/fakeTransport';
import { collect } from '../helpers/collect';

const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };

/** A token-paged list of `n` numbers, `size` a page: the page token is the index of its first entry. */
const numbers = (n: number, size: number) =>
  fakeTransport((call) => {
    const at = Number((call.body as { pageToken?: number }).pageToken ?? 0);
    const entries = Array.from({ length: Math.max(0, Math.min(size, n - at)) }, (_, i) => ({ n: at + i }));
    return { status: 200, body: { dso_rules_vote_results: entries, ...(at + size < n ? { next_page_token: at + size } : {}) } };
  }, 0);

/** The smallest table entry: an operation, how a token maps onto its request, where the entries and the next token are. */
const stream = recordStream({
  name: 'scan.voteResults',
  family: 'page token',
  checkpoint: checkpointCodecs['scan.voteResults'],
  items: 'records',
  requestRequired: true,
  checks: (checks, request) => checks.positiveInt(request.limit, 'limit'),
  read: ({ call }: ReadContext, request: { readonly limit: number }, options: StreamOptions<VoteResultsCheckpoint>) =>
    tokenPaging(
      'scan.voteResults',
      (token: number | undefined) => call(scanOperations.listVoteRequestResults, [{ limit: request.limit, ...(token !== undefined ? { pageToken: token } : {}) }]),
      (r) => r.dso_rules_vote_results,
      (r) => r.next_page_token ?? undefined,
      options.from,
    ),
});

describe('recordStream: a record stream from its table entry', () => {
  it('reads the pages through the engine and flattens them into records, each with its checkpoint', async () => {
    const got = await collect(stream.items(numbers(7, 3).transport, { limit: 3 }));
    assert.deepEqual(got.map((r) => (E.isRight(r) ? (r.right.value as { n: number }).n : 'Left')), [0, 1, 2, 3, 4, 5, 6]);
    assert.ok(E.isRight(got[4]!) && assert.deepEqual(got[4].right.checkpoint, { stream: 'scan.voteResults', pageToken: 3, index: 1 }) === undefined);
  });

  it('checks before anything is sent: no request object, the entry checks and the checkpoint, every issue at once', async () => {
    const { transport, calls } = numbers(7, 3);
    const none = await collect(stream.items(transport, undefined as never));
    assert.ok(none.length === 1 && E.isLeft(none[0]!) && none[0].left._tag === 'InvalidRequest' && none[0].left.message.includes('scan.voteResults request'));
    const bad = await collect(stream.pages(transport, { limit: 0 }, { from: { stream: 'scan.events' } as never }));
    assert.ok(bad.length === 1 && E.isLeft(bad[0]!) && bad[0].left._tag === 'InvalidRequest');
    assert.deepEqual(bad[0].left.issues.map((i) => i.path).sort(), ['from.index', 'from.stream', 'limit']);
    assert.equal(calls.length, 0);
  });

  it('counts its pages under its name (telemetry), and is cold: nothing is sent before subscribe', async () => {
    const pages: Array<[string, number]> = [];
    const { transport, calls } = numbers(5, 2);
    const metered = Object.assign((call: Parameters<typeof transport>[0]) => transport(call), { telemetry: { page: (name: string, p: { records: readonly unknown[] }) => pages.push([name, p.records.length]) } });
    const read = stream.pages(metered as never, { limit: 2 });
    assert.equal(calls.length, 0);
    await collect(read);
    assert.deepEqual(pages, [['scan.voteResults', 2], ['scan.voteResults', 2], ['scan.voteResults', 1]]);
  });

  it('paces with pull: one page per pull', async () => {
    const { transport, calls } = numbers(9, 3);
    const pull = new Subject<void>();
    const seen: unknown[] = [];
    const sub = stream.pages(transport, { limit: 3 }, { pull, prefetch: 0 }).subscribe((r) => seen.push(r));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(seen.length, 1);
    assert.equal(calls.length, 1);
    pull.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(seen.length, 2);
    sub.unsubscribe();
  });

  it('tailing retries for ever a server that has answered, but a first request that never succeeds fails after 5 retries', async () => {
    const retry = { initialDelayMs: 1, maxDelayMs: 1 };
    // Never reached: every request fails without an answer (a port that never answered).
    const refused = { _tag: 'NetworkError' as const, method: 'POST', url: 'http://127.0.0.1:1/v2/updates', message: 'ECONNREFUSED 127.0.0.1:1', cause: {} };
    let sent = 0;
    const down = Object.assign(() => defer(() => (sent++, of(E.left(refused)).pipe(delay(0)))), {}) as unknown as Transport;
    const never = await collect(ledgerUpdates(down, { updateFormat }, { tail: { intervalMs: 5 }, retry }).pipe(takeUntil(timer(3000))));
    assert.equal(never.length, 1);
    assert.ok(E.isLeft(never[0]!) && never[0].left._tag === 'NetworkError');
    assert.equal(sent, 6, 'the first request and 5 retries');
    // Reached, then down for longer than 5 retries, then back: the tail goes on, no Left.
    let answered = 0;
    const flaky = fakeTransport((call) => {
      answered++;
      if (answered >= 2 && answered <= 12) return { status: 503, body: { error: 'unavailable' } };
      return answerUpdatesPage(ledgerHistory(3), JSON.stringify(call.body));
    }, 0);
    const tail = await collect(ledgerUpdatesPages(flaky.transport, { updateFormat }, { tail: { intervalMs: 5 }, retry }).pipe(takeWhile(() => answered < 16), takeUntil(timer(3000))));
    assert.ok(answered >= 16, `${answered} requests`);
    assert.ok(tail.every(E.isRight));
    assert.equal(tail.flatMap((p) => (E.isRight(p) ? p.right.records : [])).length, 3);
    // An explicit maxRetries is the caller's: Infinity retries the never-reached server too.
    sent = 0;
    const forever = await collect(ledgerUpdates(down, { updateFormat }, { tail: { intervalMs: 5 }, retry: { ...retry, maxRetries: Infinity } }).pipe(takeUntil(timer(200))));
    assert.deepEqual(forever, []);
    assert.ok(sent > 6);
  });
});
