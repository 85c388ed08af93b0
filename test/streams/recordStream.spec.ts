import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Subject } from 'rxjs';
import { checkpointCodecs } from '../../src/streams/checkpointCodecs';
import type { VoteResultsCheckpoint } from '../../src/streams/checkpoints';
import type { StreamOptions } from '../../src/streams/options';
import { recordStream, type ReadContext } from '../../src/streams/recordStream';
import { tokenPaging } from '../../src/streams/tokenPaged';
import * as scanOperations from '../../src/generated/scan/operations';
import { fakeTransport } from '../helpers/fakeTransport';
import { collect } from '../helpers/collect';

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
});
