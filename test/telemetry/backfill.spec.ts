import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { firstValueFrom, filter } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { otelHarness, type OtelHarness } from './otel';

/** scan.backfill reports as the feeds do (`canton_rx.stream.*` with stream `scan.backfill`), and its slices and workers. */
describe('telemetry: scan.backfill (the real SDK, against the simulated network)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let otel: OtelHarness;
  const S = { 'canton_rx.stream': 'scan.backfill' };

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'backfill-metered', updates: 80, migrations: 2 });
  });
  after(() => net.close());
  beforeEach(() => (otel = otelHarness()));
  afterEach(() => otel.shutdown());

  it('pages and items as read, slices done with the lag of the delivered watermark, nothing left reading', async () => {
    const client = createClient({ scan: { url: net.scanUrl }, telemetry: otel.telemetry });
    const items = (await collect(client.scan.backfill({ page_size: 6 }, { slices: 6, concurrency: 3, workers: 0 }))).map((r) => (E.isRight(r) ? r.right : assert.fail(JSON.stringify(r.left))));
    assert.ok(items.length > 20);
    assert.equal(await otel.sum('canton_rx.stream.items', S), items.length, 'every item delivered, counted once');
    const pages = await otel.sum('canton_rx.stream.pages', S);
    const done = await otel.sum('canton_rx.backfill.slices', S);
    assert.ok(done > 2, `${done} slices done`);
    // A page without records is not handed on (as in every stream), so a slice may count none.
    assert.ok(pages >= items.length / 6, `${pages} pages for ${items.length} items of pages of 6`);
    assert.equal(await otel.sum('canton_rx.backfill.slices.reading', S), 0, 'every slice read to its end');
    const lag = await otel.histogram('canton_rx.stream.lag', S);
    assert.ok(lag.count > 0 && lag.count <= done, 'a lag per slice done with an end');
    assert.ok(lag.min >= 0);
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), 0, 'not counted as scan.updates');
  });

  it('the decoding workers while they are in use; a backfill cancelled mid-way leaves no slice reading', async () => {
    const client = createClient({ scan: { url: net.scanUrl }, telemetry: otel.telemetry });
    const backfill = client.scan.backfill({ page_size: 4 }, { slices: 8, concurrency: 4, workers: 2 });
    let seen = 0;
    await firstValueFrom(backfill.pipe(filter(() => ++seen === 10)));
    assert.equal(await otel.sum('canton_rx.backfill.workers', S), 0, 'given back once the backfill ended');
    let inUse: number | undefined;
    const sub = backfill.subscribe((r) => {
      if (E.isRight(r) && inUse === undefined) inUse = -1;
    });
    // The first item comes once the workers decoded a page: they are in use until the end.
    for (let i = 0; i < 200 && inUse === undefined; i++) await new Promise((r) => setTimeout(r, 5));
    inUse = await otel.sum('canton_rx.backfill.workers', S);
    sub.unsubscribe();
    assert.equal(inUse, 2);
    assert.equal(await otel.sum('canton_rx.backfill.workers', S), 0);
    assert.equal(await otel.sum('canton_rx.backfill.slices.reading', S), 0, 'cancelled slices are no longer reading');
  });
});
