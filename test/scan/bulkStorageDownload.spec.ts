import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/index';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/** Every byte value, twice, so that a UTF-8 reading (which replaces 0x80-0xff) would show. */
const OBJECT = Uint8Array.from({ length: 512 }, (_, i) => (i * 7) % 256);
const KEY = 'updates/0/000123.zst';

describe('scan.bulkStorageDownload: a bulk storage object, its bytes as they are', function () {
  this.timeout(30_000);
  let nets: SimulatedNetwork[] = [];
  before(async () => {
    const bulkStorage = { checksums: { [KEY]: 'c0ffee' }, objects: { [KEY]: OBJECT } };
    nets = [await startSimulatedNetwork({ seed: 'bulk', updates: 20, bulkStorage }), await startSimulatedNetwork({ seed: 'bulk', updates: 20, bulkStorage }), await startSimulatedNetwork({ seed: 'bulk', updates: 20 })];
  });
  after(() => Promise.all(nets.map((n) => n.close())));

  it('one Scan: the exact bytes (a key with slashes); an unknown key is a 404 Left; not configured is the server 400', async () => {
    const { scan } = createClient({ scan: { url: nets[0]!.scanUrl } });
    const r = await lastValueFrom(scan.bulkStorageDownload(KEY));
    assert.ok(E.isRight(r), JSON.stringify(r).slice(0, 300));
    assert.ok(r.right instanceof Uint8Array);
    assert.deepEqual(Buffer.from(r.right), Buffer.from(OBJECT));

    const missing = await lastValueFrom(scan.bulkStorageDownload('updates/0/nope.zst'));
    assert.ok(E.isLeft(missing) && missing.left._tag === 'HttpError' && missing.left.status === 404, JSON.stringify(missing));

    const unconfigured = await lastValueFrom(createClient({ scan: { url: nets[2]!.scanUrl } }).scan.bulkStorageDownload(KEY));
    assert.ok(E.isLeft(unconfigured) && unconfigured.left._tag === 'HttpError' && unconfigured.left.status === 400, JSON.stringify(unconfigured));
  });

  it('a Scan pool: the bytes two Scans agree on, unchanged', async () => {
    const pool = createClient({ scan: { urls: [nets[0]!.scanUrl, nets[1]!.scanUrl], threshold: 2 } }).scan;
    const r = await lastValueFrom(pool.bulkStorageDownload(KEY));
    assert.ok(E.isRight(r), JSON.stringify(r).slice(0, 300));
    assert.deepEqual(Buffer.from(r.right), Buffer.from(OBJECT));
  });
});
