import assert from 'node:assert/strict';
import { runCli } from '../../src/cli/runCli';
import { serveMetrics } from '../../src/cli/serveMetrics';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { fakeIo } from './fakeIo';

/** Polls `check` every few milliseconds, at most `tries` times. */
const eventually = async <A>(check: () => A | undefined | Promise<A | undefined>, tries = 500): Promise<A> => {
  for (let i = 0; i < tries; i++) {
    const a = await check();
    if (a !== undefined) return a;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('never happened');
};

/** The value of one sample of a Prometheus text exposition, by its metric name and one label. */
const sample = (text: string, name: string, label: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(label));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('--metrics-port: a Prometheus scrape endpoint', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  before(async () => (net = await startSimulatedNetwork({ seed: 'cli-metrics', updates: 45 })));
  after(() => net.close());

  it('serveMetrics: GET /metrics answers the exposition of its meter, anything else 404; closed, it refuses', async () => {
    const m = await serveMetrics(0, '127.0.0.1');
    m.meter.createCounter('canton_rx.test.things').add(3, { kind: 'a' });
    const res = await fetch(m.url);
    assert.equal(res.status, 200);
    assert.equal(sample(await res.text(), 'canton_rx_test_things_total', 'kind="a"'), 3);
    assert.equal((await fetch(m.url.replace('/metrics', '/other'))).status, 404);
    await m.close();
    await assert.rejects(fetch(m.url));
  });

  it('scan updates --follow --metrics-port 0: the scrape counts the items written, until the command stops', async () => {
    const f = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
    const run = runCli(['scan', 'updates', '--page-size', '10', '--follow', '--poll-interval', '20', '--metrics-port', '0'], f.io);
    const url = await eventually(() => f.stderr.json().find((l) => typeof l['metrics'] === 'string')?.['metrics'] as string | undefined);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const written = () => f.stdout.lines().length;
    await eventually(() => (written() === 45 ? true : undefined));
    const scraped = await eventually(async () => {
      const v = sample(await (await fetch(url)).text(), 'canton_rx_stream_items_total', 'canton_rx_stream="scan.updates"');
      return v === 45 ? v : undefined;
    });
    assert.equal(scraped, written());
    const text = await (await fetch(url)).text();
    assert.ok((sample(text, 'canton_rx_http_requests_total', 'canton_rx_operation="getUpdateHistoryV2"') ?? 0) > 0);
    f.stop();
    assert.equal(await run, 0);
    await assert.rejects(fetch(url), 'the endpoint closes with the command');
  });
});
