import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { BulkUpdateHistoryCheckpoint } from '../../src/streams/checkpoints';
import type { ScanGroup } from '../../src/scan/createScanGroup';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { startServer, type TestServer } from '../helpers/server';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

describe('scan.bulkUpdateHistoryObjects (stream against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let scan: ScanGroup;
  let whole: unknown[];
  const range = { start_record_time: '2000-01-01T00:00:00Z', end_record_time: '2100-01-01T00:00:00Z' };
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'scan-bulk-objects', updates: 400, snapshotEvery: 40, bulkStorage: { checksums: {} } });
    scan = createClient({ scan: { url: net.scanUrl } }).scan;
    const one = await lastValueFrom(scan.listBulkUpdateHistoryObjects({ ...range, page_size: 10_000 }));
    assert.ok(E.isRight(one) && one.right.next_page_token === undefined);
    whole = one.right.object_refs;
    assert.ok(whole.length >= 4, `${whole.length} objects`);
  });
  after(() => net.close());

  it('reads every object reference exactly, as one big page has them, passing next_page_token back', async () => {
    const got = rights(await collect(scan.bulkUpdateHistoryObjects({ ...range, page_size: 3 })));
    assert.deepEqual(got.map((r) => r.value), whole);
    assert.deepEqual(got[4]!.checkpoint, { stream: 'scan.bulkUpdateHistoryObjects', pageToken: '3', index: 1 });
  });

  it('resuming from the checkpoint of every object gives exactly the ones after it', async () => {
    const got = rights(await collect(scan.bulkUpdateHistoryObjects({ ...range, page_size: 3 })));
    for (let i = 0; i < got.length; i++) {
      const from = JSON.parse(JSON.stringify(got[i]!.checkpoint)) as BulkUpdateHistoryCheckpoint;
      assert.deepEqual(rights(await collect(scan.bulkUpdateHistoryObjects({ ...range, page_size: 3 }, { from }))).map((r) => r.value), whole.slice(i + 1), `after object ${i}`);
    }
  });
});

describe('scan.bulkUpdateHistoryObjects (invariants against a loopback Scan)', () => {
  let server: TestServer;
  let pages: object[];
  let scan: ScanGroup;
  before(async () => {
    server = await startServer(() => ({ body: pages.shift() ?? { object_refs: [] } }));
    scan = createClient({ scan: { url: `${server.url}/api/scan` } }).scan;
  });
  after(() => server.close());

  it('a page token that repeats is an invariant Left after the valid objects', async () => {
    const ref = (n: number) => ({ url: `https://bulk.example.com/${n}.zst`, digest: `d${n}` });
    pages = [
      { object_refs: [ref(1)], next_page_token: 'a' },
      { object_refs: [ref(2)], next_page_token: 'b' },
      { object_refs: [ref(3)], next_page_token: 'a' },
    ];
    const got = await collect(scan.bulkUpdateHistoryObjects({ start_record_time: '2026-01-01T00:00:00Z', end_record_time: '2026-01-02T00:00:00Z', page_size: 1 }));
    assert.deepEqual(
      got.map((r) => (E.isRight(r) ? r.right.value.digest : `Left:${(r.left as { reason?: string }).reason}`)),
      ['d1', 'd2', 'd3', 'Left:invariant'],
    );
    assert.equal(JSON.parse(server.requests.at(-1)!.body).next_page_token, 'b');
  });
});
