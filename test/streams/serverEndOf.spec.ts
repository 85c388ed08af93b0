import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { Subject, type Observable } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { Page } from '../../src/paging/Page';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { otelHarness, type OtelHarness } from '../telemetry/otel';

/** The feeds' lag behind their server's end (serverEndOf, through meterPages), against the simulated network. */
describe('serverEndOf: a feed measured against its server\'s end', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let otel: OtelHarness;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'server-end', updates: 60 });
  });
  after(() => net.close());
  beforeEach(() => (otel = otelHarness()));
  afterEach(() => otel.shutdown());

  const asked = (route: string) => net.stats().routes.filter((r) => r.route.includes(route)).reduce((n, r) => n + r.requests, 0);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  /** Subscribes a page stream in pull mode (one page, then it waits), and resolves with its first page. */
  const firstPage = <C>(pages: Observable<E.Either<CantonError, Page<unknown, C>>>) => {
    let first: Page<unknown, C> | undefined;
    const sub = pages.subscribe((r) => {
      if (E.isLeft(r)) assert.fail(JSON.stringify(r.left));
      first ??= r.right;
    });
    return {
      sub,
      page: async () => {
        for (let i = 0; i < 400 && first === undefined; i++) await tick();
        return first!;
      },
    };
  };
  /** Waits (bounded) until the histogram has a point. */
  const measured = async (name: string) => {
    for (let i = 0; i < 400; i++) {
      const h = await otel.histogram(name);
      if (h.count > 0) return h;
      await tick();
    }
    return assert.fail(`no ${name} recorded`);
  };

  it('scan.updates: the record time of the last page handed on behind Scan\'s latest record time, asked while subscribed only', async () => {
    const client = createClient({ scan: { url: net.scanUrl }, telemetry: { ...otel.telemetry, serverEndIntervalMs: 10 } });
    const read = firstPage(client.scan.pages.updates({ page_size: 10 }, { pull: new Subject<void>() }));
    const page = await read.page();
    const lag = await measured('canton_rx.stream.lag.end');
    const expected = (Date.parse(net.info().last.recordTime) - Date.parse((page.checkpoint as { record_time: string }).record_time)) / 1000;
    assert.ok(expected > 0);
    assert.equal(lag.min, expected);
    assert.equal(lag.max, expected);
    read.sub.unsubscribe();
    // A request sent just before the unsubscribe may reach the server just after it (a loaded
    // machine): count from when that one has landed; an interval still running would ask about
    // every 10 ms of the 50 that follow.
    for (let i = 0; i < 2; i++) await tick();
    const after = asked('latest-record-time');
    for (let i = 0; i < 10; i++) await tick();
    assert.equal(asked('latest-record-time'), after, 'not asked once unsubscribed');
  });

  it('ledger.updates: offsets between the last page handed on and the ledger end', async () => {
    const token = mintToken({ userId: 'admin', admin: true, readAs: [...net.hostedParties] });
    const client = createClient({ ledger: { url: net.ledgerUrl, token }, telemetry: { ...otel.telemetry, serverEndIntervalMs: 10 } });
    const eventFormat = { filtersByParty: Object.fromEntries(net.hostedParties.map((p) => [p, {}])) };
    const read = firstPage(client.ledger.pages.updates({ updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat } }, maxPageSize: 5 }, { pull: new Subject<void>() }));
    const page = await read.page();
    const lag = await measured('canton_rx.stream.lag.end_offsets');
    read.sub.unsubscribe();
    const expected = net.info().ledgerEnd - (page.checkpoint as { offset: number }).offset;
    assert.ok(expected > 0);
    assert.equal(lag.min, expected);
    assert.equal(lag.max, expected);
  });

  it('a read to the end is 0 behind it without asking; a Scan pool and a client without the interval are never asked', async () => {
    const before = asked('latest-record-time');
    const pool = createClient({ scan: { urls: [net.scanUrl, `${net.scanUrl}/`] }, telemetry: { ...otel.telemetry, serverEndIntervalMs: 10 } });
    const plain = createClient({ scan: { url: net.scanUrl }, telemetry: otel.telemetry });
    const reads = [firstPage(pool.scan.pages.updates({ page_size: 10 }, { pull: new Subject<void>() })), firstPage(plain.scan.pages.updates({ page_size: 10 }, { pull: new Subject<void>() }))];
    for (const r of reads) await r.page();
    for (let i = 0; i < 10; i++) await tick();
    for (const r of reads) r.sub.unsubscribe();
    assert.equal(asked('latest-record-time'), before);
    // Read whole, the last page reaches the end.
    await new Promise<void>((resolve) => plain.scan.pages.updates({ page_size: 50 }).subscribe({ complete: resolve }));
    const atEnd = await otel.histogram('canton_rx.stream.lag.end');
    assert.ok(atEnd.count >= 1 && atEnd.max === 0);
  });
});
