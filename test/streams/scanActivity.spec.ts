import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, take, toArray } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { activityOf } from '../../src/activity/activityOf';
import { checkpointOf } from '../../src/streams/checkpointOf';
import { checkpointCodecs } from '../../src/streams/checkpointCodecs';
import type { ScanActivityCheckpoint } from '../../src/streams/checkpoints';
import type { ScanActivityElement } from '../../src/streams/scanActivity';
import type { Page, PageRecord } from '../../src/paging/Page';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import type { RetryBackoffConfig } from '../../src/retry/retryBackoff';
import { drainInto } from '../../src/sinks/drainInto';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { allRight } from '../helpers/eithers';
import { memorySink } from '../sinks/memorySink';

type Rec = PageRecord<ScanActivityElement, ScanActivityCheckpoint>;
const key = (r: Rec) => `${r.value.update_id}#${r.value.index}`;

describe('scan.activity (the record stream)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let updates: UpdateHistoryItemV2[];

  before(async () => {
    // Ties and short pages exercise the Scan cursor; taps, transfers and rounds give updates of several elements.
    net = await startSimulatedNetwork({ seed: 'scan-activity', updates: 20, migrations: 2, shortPages: 0.4, tiedRecordTimes: 1, tokenFlows: 0.6 });
    client = createClient({ scan: { url: net.scanUrl } });
    updates = allRight(await collect(client.scan.updates({ page_size: 50 }))) as UpdateHistoryItemV2[];
  });
  after(() => net.close());

  const read = async (pageSize: number, from?: unknown, c: CantonClient = client, retry?: RetryBackoffConfig): Promise<Rec[]> => {
    const pages = allRight(await collect(c.scan.pages.activity({ page_size: pageSize }, { ...(from === undefined ? {} : { from: from as ScanActivityCheckpoint }), ...(retry === undefined ? {} : { retry }) }))) as Array<Page<ScanActivityElement, ScanActivityCheckpoint>>;
    for (const p of pages) if (p.records.length > 0) assert.deepEqual(p.checkpoint, p.records.at(-1)!.checkpoint, 'a page ends at its last record');
    return pages.flatMap((p) => p.records as Rec[]);
  };

  it('gives activityOf of every update, in history order, each element with its update and index; an update ends at its own scan.updates checkpoint', async () => {
    const all = await read(7);
    const expected = updates.flatMap((u) => activityOf(u).map((element, index, all) => ({ update_id: u.update_id, migration_id: checkpointOf(u).migration_id, record_time: checkpointOf(u).record_time, index, count: all.length, element })));
    assert.deepEqual(all.map((r) => r.value), expected);
    const several = updates.filter((u) => activityOf(u).length > 1);
    assert.ok(several.length >= 2 && all.filter((r) => r.checkpoint.element !== undefined).length >= 5, `${several.length} updates of several elements: a resume inside an update is hardly exercised`);
    assert.ok(updates.some((u) => activityOf(u).length === 0), 'no update without elements');
    for (const u of updates) {
      const mine = all.filter((r) => r.value.update_id === u.update_id);
      if (mine.length === 0) continue;
      assert.deepEqual(mine.at(-1)!.checkpoint, checkpointOf(u));
      mine.slice(0, -1).forEach((r, k) => assert.deepEqual(r.checkpoint, { ...checkpointOf(u), element: k }));
    }
    // The item form hands on the same values.
    assert.deepEqual(allRight(await collect(client.scan.activity({ page_size: 7 }))), expected);
  });

  for (const pageSize of [1, 7, 100]) {
    it(`page size ${pageSize}: resumed from every element's checkpoint (stored as JSON), exactly the elements after it`, async () => {
      const all = await read(pageSize);
      const keys = all.map(key);
      assert.equal(new Set(keys).size, keys.length, 'an element repeats');
      for (let i = 0; i < all.length; i++) {
        const from = JSON.parse(JSON.stringify(all[i]!.checkpoint)) as unknown;
        assert.ok(E.isRight(checkpointCodecs['scan.activity'].decode(from)));
        assert.deepEqual((await read(pageSize, from)).map(key), keys.slice(i + 1), `after element ${i} (${keys[i]})`);
      }
    });
  }

  it('a resume inside an update stands at its checkpoint until it reaches the next element (a sink never stores a point before it)', async () => {
    const all = await read(1);
    const inside = all.findIndex((r) => r.checkpoint.element !== undefined);
    const pages = allRight(await collect(client.scan.pages.activity({ page_size: 1 }, { from: all[inside]!.checkpoint }))) as Array<Page<ScanActivityElement, ScanActivityCheckpoint>>;
    const first = pages.findIndex((p) => p.records.length > 0);
    for (const p of pages.slice(0, first)) assert.deepEqual(p.checkpoint, all[inside]!.checkpoint);
    assert.equal(key(pages[first]!.records[0] as Rec), key(all[inside + 1]!));
  });

  it('through faults (503s of /v2/updates, retried): the same elements', async () => {
    const faulty = await startSimulatedNetwork({ seed: 'scan-activity', updates: 20, migrations: 2, shortPages: 0.4, tiedRecordTimes: 1, tokenFlows: 0.6, faults: { rate: 0.3, kinds: [503], only: { routes: ['POST /api/scan/v2/updates'] } } });
    try {
      const c = createClient({ scan: { url: faulty.scanUrl } });
      let retries = 0;
      const retried = await read(7, undefined, c, { initialDelayMs: 1, maxDelayMs: 2, maxRetries: 10, onRetry: () => retries++ });
      assert.deepEqual(retried.map(key), (await read(7)).map(key));
      assert.ok(faulty.stats().faults.length > 0 && retries === faulty.stats().faults.length, `${faulty.stats().faults.length} faults, ${retries} retries`);
    } finally {
      await faulty.close();
    }
  });

  it('drains into a sink: stopped after two commits and run again, every element stored once, in order', async () => {
    const { sink, state } = memorySink<ScanActivityCheckpoint, ScanActivityElement>();
    const run = (n: number) => lastValueFrom(drainInto(sink, (from, pull) => client.scan.pages.activity({ page_size: 3 }, { from, pull })).pipe(take(n), toArray()));
    await run(2);
    const all = await read(50);
    assert.ok(state.items.length > 0 && state.items.length < all.length, `${state.items.length} of ${all.length} stored after two commits`);
    await run(Number.MAX_SAFE_INTEGER);
    assert.deepEqual(state.items.map((v) => `${v.update_id}#${v.index}`), all.map(key));
  });

  it('a checkpoint inside an update that the history no longer holds is a Left (invariant), after nothing', async () => {
    const all = await read(50);
    const inside = all.find((r) => r.checkpoint.element !== undefined)!;
    const out = await collect(client.scan.activity({ page_size: 5 }, { from: { ...inside.checkpoint, update_id: 'gone' } }));
    assert.equal(out.length, 1);
    assert.ok(E.isLeft(out[0]!) && out[0].left._tag === 'DecodeError' && out[0].left.reason === 'invariant', JSON.stringify(out[0]));
  });

  it('refuses an element without its update id, before anything is sent', async () => {
    const out = await collect(client.scan.activity({ page_size: 5 }, { from: { stream: 'scan.updates', migration_id: 0, record_time: '2025-06-01T00:00:00Z', element: 1 } }));
    assert.ok(E.isLeft(out[0]!) && out[0].left._tag === 'InvalidRequest' && out[0].left.issues.some((i) => i.path === 'from.update_id'), JSON.stringify(out));
  });
});
