import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { checkpointOf, codecs, createClient, unknownMemberOf, type CantonError } from '../../src/index';
import { listFixtures, readFixture } from '../helpers/fixtures';

/**
 * Issue 20: the streams go on past a member of an open union that no spec names, and their
 * checkpoints advance past it; `strict` (the client's option or the stream's) ends them with the
 * DecodeError instead. The real recorded updates, served by a server of this test on 127.0.0.1.
 */

type Obj = Record<string, unknown>;

/** A server on 127.0.0.1:0 answering each POST with `answer(path, body)`. */
const serve = async (answer: (path: string, body: Obj) => unknown): Promise<{ url: string; close: () => Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text === '' ? '{}' : text) as Obj;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req.url ?? '', body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const offsetOf = (u: Obj): number => (Object.values(u)[0] as { value: { offset: number } }).value.offset;

/** Every recorded ledger update (the update-by-id and listUpdates fixtures), once per offset, in offset order. */
const recordedUpdates = (): Obj[] => {
  const all = listFixtures('ledger')
    .filter((f) => f.startsWith('updates-ledger-effects__') || f.startsWith('update-by-id__'))
    .flatMap((f) => {
      const payload = readFixture('ledger', f) as Obj | Obj[];
      return (Array.isArray(payload) ? payload : [payload]).map((e) => e['update'] as Obj);
    });
  const byOffset = new Map(all.map((u) => [offsetOf(u), u]));
  return [...byOffset.keys()].sort((a, b) => a - b).map((o) => byOffset.get(o)!);
};

describe('the streams go on past an unknown member, checkpoints included (issue 20)', function () {
  this.timeout(30_000);

  describe('ledger.updates', () => {
    const updates = recordedUpdates();
    // The second update becomes a kind no spec names; one event of the third one, a type no spec names.
    const renamed = updates.map((u, i) => {
      if (i === 1) return { FutureUpdateKind: Object.values(u)[0] };
      if (i === 2) {
        const tx = (u as { Transaction: { value: { events: Obj[] } } }).Transaction.value;
        return { Transaction: { value: { ...tx, events: tx.events.map((e, j) => (j === 0 ? { FutureEvent: Object.values(e)[0] } : e)) } } };
      }
      return u;
    });
    const page = { updates: renamed.map((update) => ({ update })), lowestPageOffsetExclusive: offsetOf(updates[0]!) - 1, highestPageOffsetInclusive: offsetOf(updates[updates.length - 1]!), nextPageToken: null };
    const request = { updateFormat: { includeTransactions: { eventFormat: { filtersForAnyParty: {} }, transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const } } };
    let server: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      assert.ok(updates.length >= 4 && 'Transaction' in updates[2]!, 'recorded updates to rename');
      server = await serve((path) => (path === '/v2/updates/get-updates-page' ? page : {}));
    });
    after(() => server.close());

    it('hands on every update, the unknown kind and the unknown event as they came, with their checkpoints', async () => {
      const client = createClient({ ledger: { url: server.url } });
      const out = await lastValueFrom(client.ledger.updates(request).pipe(toArray()));
      assert.ok(out.every(E.isRight), JSON.stringify(out.find(E.isLeft)));
      const items = out.map((r) => (r as E.Right<codecs.ledger.Update>).right);
      assert.deepEqual(items, renamed);
      assert.deepEqual(unknownMemberOf(codecs.ledger.Update, items[1]), { kind: 'unknown', union: 'Update', name: 'FutureUpdateKind', raw: renamed[1] });
      assert.deepEqual(
        items.map((u) => checkpointOf(u).offset),
        updates.map(offsetOf),
      );
      assert.deepEqual(checkpointOf(items[1]!, 'ledger.updates'), { stream: 'ledger.updates', offset: offsetOf(updates[1]!) });
    });

    it('ends with the DecodeError naming the unknown kind when strict (the client option or the stream option)', async () => {
      for (const [client, options] of [
        [createClient({ ledger: { url: server.url }, strict: true }), {}],
        [createClient({ ledger: { url: server.url } }), { strict: true }],
      ] as const) {
        const out = await lastValueFrom(client.ledger.updates(request, options).pipe(toArray()));
        const last = out[out.length - 1]!;
        assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError', JSON.stringify(last).slice(0, 300));
        assert.ok(
          last.left.issues.some((i) => /unknown Update variant "FutureUpdateKind"/.test(i.message ?? '')),
          JSON.stringify(last.left.issues),
        );
        assert.ok(out.slice(0, -1).every(E.isRight));
      }
    });
  });

  describe('scan.updates', () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: Obj[] };
    const micros = (t: string): number => {
      const m = /^(.*?)(?:\.(\d+))?Z$/.exec(t)!;
      return Date.parse(`${m[1]!}Z`) * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
    };
    // One item a kind no spec names (its transaction fields renamed), one tree event an event_type no spec names.
    const items = page.transactions.map((tx, i): Obj => {
      if (i === 1) return Object.fromEntries(Object.entries(tx).map(([k, v]) => [k === 'events_by_id' || k === 'root_event_ids' ? `future_${k}` : k, v]));
      if (i === 2) {
        const events = tx['events_by_id'] as Record<string, Obj>;
        const [first] = Object.keys(events);
        return { ...tx, events_by_id: { ...events, [first!]: { ...events[first!], event_type: 'future_event' } } };
      }
      return tx;
    });
    const key = (i: Obj): [number, number] => [i['migration_id'] as number, micros(i['record_time'] as string)];
    const isAfter = (a: [number, number], b: [number, number]): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
    let server: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      server = await serve((path, body) => {
        if (path !== '/api/scan/v2/updates') return {};
        const cursor = body['after'] as { after_migration_id: number; after_record_time: string } | undefined;
        const from: [number, number] | undefined = cursor === undefined ? undefined : [cursor.after_migration_id, micros(cursor.after_record_time)];
        return { transactions: items.filter((i) => from === undefined || isAfter(key(i), from)).slice(0, body['page_size'] as number) };
      });
    });
    after(() => server.close());

    it('hands on every item, the unknown item and the unknown event as they came, each with its checkpoint', async () => {
      const client = createClient({ scan: { url: `${server.url}/api/scan` } });
      const out = await lastValueFrom(client.scan.updates({ page_size: 4 }).pipe(toArray()));
      assert.ok(out.every(E.isRight), JSON.stringify(out.find(E.isLeft)));
      const got = out.map((r) => (r as E.Right<codecs.scan.UpdateHistoryItemV2>).right);
      assert.deepEqual(got, items);
      assert.deepEqual(unknownMemberOf(codecs.scan.UpdateHistoryItemV2, got[1]), { kind: 'unknown', union: 'UpdateHistoryItemV2', name: '', raw: items[1] });
      const cp = checkpointOf(got[1]!);
      assert.deepEqual([cp.migration_id, cp.update_id], [items[1]!['migration_id'], items[1]!['update_id']]);
      // Resuming from the unknown item's checkpoint continues exactly after it.
      const resumed = await lastValueFrom(client.scan.updates({ page_size: 4 }, { from: cp }).pipe(toArray()));
      assert.deepEqual(
        resumed.map((r) => (E.isRight(r) ? (r.right as Obj)['update_id'] : r.left)),
        items.slice(2).map((i) => i['update_id']),
      );
    });

    it('ends with the DecodeError when strict', async () => {
      const client = createClient({ scan: { url: `${server.url}/api/scan` } });
      const out = await lastValueFrom(client.scan.updates({ page_size: 4 }, { strict: true }).pipe(toArray()));
      const last = out[out.length - 1] as E.Either<CantonError, unknown>;
      assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError', JSON.stringify(last).slice(0, 300));
      // The page form takes the call's strict as the item form does.
      const pages = await lastValueFrom(client.scan.pages.updates({ page_size: 4 }, { strict: true }).pipe(toArray()));
      const lastPage = pages[pages.length - 1] as E.Either<CantonError, unknown>;
      assert.ok(E.isLeft(lastPage) && lastPage.left._tag === 'DecodeError', JSON.stringify(lastPage).slice(0, 300));
    });
  });
});
