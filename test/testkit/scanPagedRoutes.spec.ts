import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { decodeWith } from '../../src/codecs/decodeWith.js';
import * as G from '../../src/generated/scan/schemas.js';
import * as H from '../../src/codecs/scan/index.js';
import { startSimulatedNetwork, startSimulatedScans, type SimulatedNetwork } from '../../src/testkit/index.js';

type Obj = Record<string, unknown>;

/** Sends a request and decodes a 200 answer with the generated codec of the operation. */
const call = async <A>(method: 'GET' | 'POST', url: string, body: unknown, codec: t.Type<A, unknown, unknown>): Promise<{ raw: Obj; value: A }> => {
  const res = await fetch(url, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  const raw = JSON.parse(text) as Obj;
  const r = decodeWith(codec)(raw);
  if (E.isLeft(r)) assert.fail(`${codec.name} rejects ${url}: ${JSON.stringify(r.left).slice(0, 1500)}`);
  return { raw, value: r.right };
};

const status = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<number> =>
  (await fetch(url, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;

describe("testkit: Scan's paged reads (scanPagedRoutes)", function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let history: Obj[];
  let historyV1: Obj[];
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'paged-routes', updates: 400, snapshotEvery: 60 });
    history = (await call('POST', `${net.scanUrl}/v2/updates`, { page_size: 1000 }, H.UpdateHistoryResponseV2)).raw['transactions'] as Obj[];
    historyV1 = (await call('POST', `${net.scanUrl}/v1/updates`, { page_size: 1000 }, H.UpdateHistoryResponse)).raw['transactions'] as Obj[];
    assert.equal(history.length, 400);
  });
  after(() => net.close());

  const migrationOf = (i: Obj): number => (i['migration_id'] ?? (i['event'] as Obj)['migration_id']) as number;
  const synchronizerOf = (i: Obj): string => {
    if ('synchronizer_id' in i) return i['synchronizer_id'] as string;
    const e = i['event'] as Obj;
    return ('created_event' in e ? e['target_synchronizer'] : e['source_synchronizer']) as string;
  };

  describe('POST /v2/state/acs', () => {
    it('pages every active contract of a snapshot by next_page_token, the same as one large page; filters by template and party', async () => {
      const snapshot = net.info().snapshots[1]!;
      const whole = await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 1000 }, H.AcsResponseV2);
      assert.equal(whole.value.next_page_token, undefined);
      assert.ok(whole.value.created_events.length > 20);
      const paged: unknown[] = [];
      let after: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 7, ...(after ? { after } : {}) }, H.AcsResponseV2);
        paged.push(...(page.raw['created_events'] as unknown[]));
        after = page.value.next_page_token ?? undefined;
        if (after === undefined) break;
      }
      assert.deepEqual(paged, whole.raw['created_events']);
      const licences = await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 1000, templates: ['splice-amulet:Splice.ValidatorLicense:ValidatorLicense'] }, H.AcsResponseV2);
      assert.ok(licences.value.created_events.length > 0);
      assert.ok(licences.value.created_events.every((c) => c.template_id.endsWith(':Splice.ValidatorLicense:ValidatorLicense')));
      const dso = await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: snapshot.migrationId, record_time: snapshot.recordTime, page_size: 1000, party_ids: [net.dsoParty] }, H.AcsResponseV2);
      assert.ok(dso.value.created_events.every((c) => [...c.signatories, ...c.observers].includes(net.dsoParty)));
    });

    it('at_or_before resolves to the newest snapshot; an exact time that is none is 404; a token of another request is 400', async () => {
      const [s0, s1] = net.info().snapshots;
      const r = await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: s1!.migrationId, record_time: '2999-01-01T00:00:00Z', record_time_match: 'at_or_before', page_size: 1 }, H.AcsResponseV2);
      const newest = net.info().snapshots.filter((s) => s.migrationId === s1!.migrationId).at(-1)!;
      assert.equal(r.value.record_time, newest.recordTime);
      assert.equal(await status('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: s1!.migrationId, record_time: '2999-01-01T00:00:00Z', page_size: 1 }), 404);
      const token = (await call('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: s0!.migrationId, record_time: s0!.recordTime, page_size: 1 }, H.AcsResponseV2)).value.next_page_token;
      assert.ok(token);
      assert.equal(await status('POST', `${net.scanUrl}/v2/state/acs`, { migration_id: s0!.migrationId, record_time: s0!.recordTime, page_size: 1, after: token, party_ids: [net.dsoParty] }), 400);
    });
  });

  describe('POST /v0/events', () => {
    it("serves the update history with a verdict for each transaction, paged like /v2/updates", async () => {
      const events: Obj[] = [];
      let after: Obj | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await call('POST', `${net.scanUrl}/v0/events`, { page_size: 33, ...(after ? { after } : {}) }, G.EventHistoryResponse);
        const got = page.raw['events'] as Obj[];
        if (got.length === 0) break;
        events.push(...got);
        const last = got.at(-1)!['update'] as Obj;
        after = { after_migration_id: migrationOf(last), after_record_time: last['record_time'] };
      }
      assert.deepEqual(events.map((e) => e['update']), history);
      for (const e of events) {
        const update = e['update'] as Obj;
        if ('events_by_id' in update) {
          const verdict = e['verdict'] as Obj;
          assert.equal(verdict['update_id'], update['update_id']);
          assert.equal(verdict['record_time'], update['record_time']);
          assert.equal(verdict['migration_id'], update['migration_id']);
        } else assert.equal(e['verdict'], undefined);
      }
    });
  });

  describe('POST /v0/backfilling/updates-before', () => {
    it("answers the newest `count` updates of one synchronizer and migration strictly before a time, oldest first", async () => {
      const last = historyV1.at(-1)!;
      const m = migrationOf(last);
      const s = synchronizerOf(historyV1.find((i) => 'synchronizer_id' in i)!);
      const k = historyV1.length - 10;
      const before = historyV1[k]!['record_time'] as string;
      const expected = historyV1.filter((i, n) => n < k && migrationOf(i) === m && synchronizerOf(i) === s && i['record_time'] !== before).slice(-5);
      const r = await call('POST', `${net.scanUrl}/v0/backfilling/updates-before`, { migration_id: m, synchronizer_id: s, before, count: 5 }, G.GetUpdatesBeforeResponse);
      assert.equal(expected.length, 5);
      assert.deepEqual(r.raw['transactions'], expected);
      const bounded = await call('POST', `${net.scanUrl}/v0/backfilling/updates-before`, { migration_id: m, synchronizer_id: s, before, at_or_after: expected[3]!['record_time'], count: 5 }, G.GetUpdatesBeforeResponse);
      assert.deepEqual(bounded.raw['transactions'], expected.slice(3));
    });
  });

  describe('POST /v0/backfilling/import-updates', () => {
    it('a later migration imports the contracts active at the end of the one before, in update id order; the first imports none', async () => {
      const [first, second] = net.info().migrationIds;
      const none = await call('POST', `${net.scanUrl}/v0/backfilling/import-updates`, { migration_id: first, after_update_id: '', limit: 10 }, G.GetImportUpdatesResponse);
      assert.deepEqual(none.value.transactions, []);
      const all = await call('POST', `${net.scanUrl}/v0/backfilling/import-updates`, { migration_id: second, after_update_id: '', limit: 1000 }, G.GetImportUpdatesResponse);
      const ids = all.value.transactions.map((u) => u.update_id);
      assert.ok(ids.length > 10);
      assert.deepEqual(ids, [...ids].sort());
      assert.ok(all.value.transactions.every((u) => 'migration_id' in u && u.migration_id === second));
      const rest = await call('POST', `${net.scanUrl}/v0/backfilling/import-updates`, { migration_id: second, after_update_id: ids[4], limit: 3 }, G.GetImportUpdatesResponse);
      assert.deepEqual(rest.value.transactions.map((u) => u.update_id), ids.slice(5, 8));
    });
  });

  describe('GET /v0/admin/validator/licenses', () => {
    it('lists one active licence per validator, newest first; paging with limit gives the same list', async () => {
      const whole = await call('GET', `${net.scanUrl}/v0/admin/validator/licenses`, undefined, G.ListValidatorLicensesResponse);
      const validators = whole.value.validator_licenses.map((c) => (c.payload as Obj)['validator']);
      assert.ok(validators.length >= 2);
      assert.equal(new Set(validators).size, validators.length);
      const created = whole.value.validator_licenses.map((c) => c.created_at);
      assert.deepEqual(created, [...created].sort().reverse());
      const paged: unknown[] = [];
      let after: number | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await call('GET', `${net.scanUrl}/v0/admin/validator/licenses?limit=1${after === undefined ? '' : `&after=${after}`}`, undefined, G.ListValidatorLicensesResponse);
        paged.push(...(page.raw['validator_licenses'] as unknown[]));
        after = page.value.next_page_token ?? undefined;
        if (after === undefined) break;
      }
      assert.deepEqual(paged, whole.raw['validator_licenses']);
      assert.equal(await status('GET', `${net.scanUrl}/v0/admin/validator/licenses?limit=1001`), 400);
    });
  });

  it('each simulated Scan of startSimulatedScans serves the same event history', async () => {
    const set = await startSimulatedScans({ seed: 'paged-routes-scans', updates: 60, scans: [{}, {}] });
    try {
      const [a, b] = await Promise.all(set.urls.map(async (url) => (await call('POST', `${url}/v0/events`, { page_size: 1000 }, G.EventHistoryResponse)).raw['events'] as Obj[]));
      assert.equal(a!.length, 60);
      assert.deepEqual(a, b);
    } finally {
      await set.close();
    }
  });
});
