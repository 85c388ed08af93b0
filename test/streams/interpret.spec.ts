import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { delay, map, of } from 'rxjs';
import type { Page } from '../../src/paging/Page';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import { interpret } from '../../src/streams/interpret';
import type { ReadContext } from '../../src/streams/recordStream';
import { scanUpdatesStream } from '../../src/streams/scanUpdates';
import * as scanOperations from '../../src/generated/scan/operations';
import { invariantViolation } from '../../src/paging/invariantViolation';
import { fakeTransport } from '../helpers/fakeTransport';
import { answerUpdates, scanHistory } from '../helpers/scanHistory';
import { collect } from '../helpers/collect';

type UpdateRequest = { readonly page_size: number };
type Item = { readonly update_id: string };

/** The toy's own checkpoint: the Scan cursor of the update it came from, under its own stream name. */
interface ToyCheckpoint {
  readonly stream: 'scan.toyEven';
  readonly migration_id: number;
  readonly record_time: string;
  readonly update_id?: string;
}
const ToyCheckpoint: t.Type<ToyCheckpoint, unknown, unknown> = t.intersection([
  t.type({ stream: t.literal('scan.toyEven'), migration_id: t.number, record_time: t.string }),
  t.partial({ update_id: t.string }),
]) as never;

/** The history's index of an update (its id ends with it): the toy keeps the even ones. */
const indexOf = (updateId: string): number => Number.parseInt(updateId.slice(4).replace(/^[0a]+/, '') || '0', 10);

/**
 * A toy interpretation over `scan.updates`: its even updates, as `{ n, id }`, with checkpoints of
 * its own; `stopAt` makes the step fail at that update, `lookups` sends one request per page
 * through the stream's call path.
 */
const toy = (opts: { readonly stopAt?: number; readonly lookups?: boolean; readonly slow?: number; readonly stand?: ScanCheckpoint } = {}) =>
  interpret(scanUpdatesStream, {
    name: 'scan.toyEven',
    items: 'records',
    checkpoint: {
      codec: ToyCheckpoint,
      of: (c: ScanCheckpoint): ToyCheckpoint => ({ ...c, stream: 'scan.toyEven' }),
      base: (c: ToyCheckpoint): ScanCheckpoint => ({ ...c, stream: 'scan.updates' }),
    },
    checks: (checks, request: UpdateRequest) => checks.positiveInt(request.page_size, 'page_size', 50),
    request: (request: UpdateRequest) => request,
    start: ({ call }: ReadContext) => (page: Page<Item, ScanCheckpoint>) => {
      const records = [];
      for (const r of page.records) {
        const n = indexOf(r.value.update_id);
        if (n === opts.stopAt) return E.right({ records, failure: invariantViolation('n', 'not the stop', n, 'the toy stops here'), stands: page.records[page.records.indexOf(r) - 1]?.checkpoint });
        if (n % 2 === 0) records.push({ value: { n, id: r.value.update_id }, checkpoint: r.checkpoint });
      }
      // `stand`: a page that kept nothing stands there (as a resume inside an update does) rather than at the page's end.
      const result = E.right({ records, ...(opts.stand !== undefined && records.length === 0 ? { checkpoint: opts.stand } : {}) });
      if (opts.lookups === true) return call(scanOperations.getDsoPartyId, []).pipe(delay(opts.slow ?? 0), map(() => result));
      return opts.slow !== undefined ? of(result).pipe(delay(opts.slow)) : result;
    },
  });

describe('interpret: a record stream from an entry and a page step', function () {
  this.timeout(20_000);
  const history = scanHistory(23);
  const evens = history.map((h) => indexOf(h['update_id'] as string)).filter((n) => n % 2 === 0);
  const server = () => fakeTransport((call) => (call.path.endsWith('/updates') ? { status: 200, body: answerUpdates(history, JSON.stringify(call.body)) } : { status: 200, body: { dso_party_id: 'dso::1220' } }), 0);

  it('hands on what the step makes of each page, each record with its own checkpoint, under its own name', async () => {
    const got = await collect(toy().items(server().transport, { page_size: 4 }));
    const values = got.map((r) => (E.isRight(r) ? r.right : assert.fail(JSON.stringify(r.left))));
    assert.deepEqual(values.map((v) => v.value.n), evens);
    assert.ok(values.every((v) => v.checkpoint.stream === 'scan.toyEven'));
  });

  it('a page the step kept nothing of stands where the step says (Interpreted.checkpoint), mapped to its own checkpoints; else at the base page\'s end', async () => {
    const stand: ScanCheckpoint = { stream: 'scan.updates', migration_id: 0, record_time: '2025-01-01T00:00:00Z', update_id: 'held' };
    const pagesOf = async (o: Parameters<typeof toy>[0]) => (await collect(toy(o).pages(server().transport, { page_size: 1 }))).map((r) => (E.isRight(r) ? r.right : assert.fail('a Left')));
    const held = (await pagesOf({ stand })).filter((p) => p.records.length === 0);
    assert.ok(held.length >= 5, `${held.length} pages without records`);
    for (const p of held) assert.deepEqual(p.checkpoint, { ...stand, stream: 'scan.toyEven' });
    const plain = (await pagesOf({})).filter((p) => p.records.length === 0);
    assert.ok(plain.every((p) => (p.checkpoint as { update_id?: string }).update_id !== 'held'));
  });

  it('resumes exactly after every item, from its own checkpoint (nothing lost, nothing repeated)', async () => {
    const whole = (await collect(toy().items(server().transport, { page_size: 3 }))).map((r) => (E.isRight(r) ? r.right : assert.fail('a Left')));
    for (let i = 0; i < whole.length; i++) {
      const from = JSON.parse(JSON.stringify(whole[i]!.checkpoint)) as ToyCheckpoint;
      const rest = await collect(toy().items(server().transport, { page_size: 3 }, { from }));
      assert.deepEqual(rest.map((r) => (E.isRight(r) ? r.right.value.n : 'Left')), evens.slice(i + 1), `after item ${i}`);
    }
  });

  it('a page ends at its last record; the base records after it that gave nothing move the checkpoint in an empty page of their own', async () => {
    const pages = (await collect(toy().pages(server().transport, { page_size: 4 }))).map((r) => (E.isRight(r) ? r.right : assert.fail('a Left')));
    for (const p of pages) if (p.records.length > 0) assert.deepEqual(p.checkpoint, p.records.at(-1)!.checkpoint);
    const last = pages.at(-1)!;
    assert.equal(last.checkpoint?.update_id, history.at(-1)!['update_id'], 'the read ends past the last update, kept or not');
    // Resuming from where an empty page stands skips what gave nothing, and loses nothing.
    const empty = pages.find((p) => p.records.length === 0 && p.checkpoint !== undefined && indexOf(p.checkpoint.update_id!) % 2 === 1)!;
    assert.ok(empty, 'an empty page past an odd update');
    const rest = await collect(toy().items(server().transport, { page_size: 4 }, { from: empty.checkpoint }));
    assert.deepEqual(rest.map((r) => (E.isRight(r) ? r.right.value.n : 'Left')), evens.filter((n) => n > indexOf(empty.checkpoint!.update_id!)));
  });

  it("checks its own request and options, then the base's, before anything is sent", async () => {
    const { transport, calls } = server();
    const bad = await collect(toy().items(transport, { page_size: 0 }, { from: { stream: 'scan.updates' } as never }));
    assert.equal(bad.length, 1);
    assert.ok(E.isLeft(bad[0]!) && bad[0].left._tag === 'InvalidRequest');
    assert.deepEqual(bad[0].left.issues.map((i) => i.path).sort(), ['from.migration_id', 'from.record_time', 'from.stream', 'page_size']);
    assert.equal(calls.length, 0);
  });

  it("a step's failure ends the stream after the records before it, where the read stands; resuming there reads the failing record again", async () => {
    const got = await collect(toy({ stopAt: 9 }).pages(server().transport, { page_size: 4 }));
    const last = got.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError');
    const pages = got.slice(0, -1).map((r) => (E.isRight(r) ? r.right : assert.fail('a Left before the end')));
    assert.deepEqual(pages.flatMap((p) => p.records.map((r) => r.value.n)), [0, 2, 4, 6, 8]);
    assert.equal(indexOf(pages.at(-1)!.checkpoint!.update_id!), 8);
    const rest = await collect(toy().items(server().transport, { page_size: 4 }, { from: pages.at(-1)!.checkpoint }));
    assert.deepEqual(rest.map((r) => (E.isRight(r) ? r.right.value.n : 'Left')), evens.filter((n) => n > 8));
  });

  it('looks up through the same call path, and without a pull of its own reads its base a page at a time behind a slow step', async () => {
    const { transport, calls } = server();
    const seen: number[] = [];
    const done = collect(toy({ lookups: true, slow: 30 }).pages(transport, { page_size: 4 }));
    // While the first page's lookup waits, the base has its first page and at most the one prefetched.
    await new Promise((resolve) => setTimeout(resolve, 15));
    seen.push(calls.filter((c) => c.call.path.endsWith('/updates')).length);
    const all = await done;
    assert.ok(seen[0]! <= 2, `${seen[0]} update pages asked for while the step waited`);
    assert.ok(all.every(E.isRight));
    assert.ok(calls.some((c) => c.call.path.endsWith('/dso-party-id')), 'the lookup went through the transport');
  });
});
