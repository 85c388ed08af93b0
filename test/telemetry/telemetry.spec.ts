import assert from 'node:assert/strict';
import { metrics, trace } from '@opentelemetry/api';
import { createClient } from '../../src/clientFactory/createClient';
import { drainInto } from '../../src/sinks/drainInto';
import type { ScanCheckpoint } from '../../src/streams/checkpoints';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { allRight } from '../helpers/eithers';
import { memorySink } from '../sinks/memorySink';
import { formatOf } from '../ws/helpers';
import { otelHarness, type OtelHarness } from './otel';

describe('telemetry: OpenTelemetry spans and metrics (the real SDK, in-memory exporters)', function () {
  this.timeout(30_000);
  const secret = 'opaque-secret-token-of-ops';
  let net: SimulatedNetwork;
  let otel: OtelHarness;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 22, updates: 60, shortPages: 0.3, users: [{ userId: 'ops', token: secret, readAsAnyParty: true }] });
  });
  after(() => net.close());
  beforeEach(() => {
    otel = otelHarness();
  });
  afterEach(async () => {
    net.setFaults(undefined);
    await otel.shutdown();
  });

  const scanRequests = () => net.stats().routes.find((r) => r.route === 'POST /api/scan/v2/updates');

  it('scan.updates: a span per HTTP request with operation, group, method, route and status; items and pages counted as read', async () => {
    const before = scanRequests()?.requests ?? 0;
    const client = createClient({ scan: { url: net.scanUrl, token: secret }, telemetry: otel.telemetry });
    const pages = rights(await collect(client.scan.pages.updates({ page_size: 10 })));
    const items = pages.reduce((n, p) => n + p.records.length, 0);
    assert.ok(items > 0);
    const sent = (scanRequests()?.requests ?? 0) - before;
    const spans = otel.spans();
    assert.equal(spans.length, sent, 'one span per request the server saw');
    for (const s of spans) {
      assert.equal(s.name, 'POST /v2/updates');
      assert.deepEqual(
        { op: s.attributes['canton_rx.operation'], group: s.attributes['canton_rx.group'], method: s.attributes['http.request.method'], route: s.attributes['url.template'], status: s.attributes['http.response.status_code'] },
        { op: 'getUpdateHistoryV2', group: 'scan', method: 'POST', route: '/v2/updates', status: 200 },
      );
      assert.equal(s.kind, 2, 'SpanKind.CLIENT');
      assert.ok(s.endTime[0] > 0 || s.endTime[1] > 0, 'ended');
    }
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), items);
    assert.equal(await otel.sum('canton_rx.stream.pages', { 'canton_rx.stream': 'scan.updates' }), pages.length);
    assert.equal(await otel.sum('canton_rx.http.requests', { 'canton_rx.operation': 'getUpdateHistoryV2', 'canton_rx.outcome': '200' }), sent);
    const lag = await otel.histogram('canton_rx.stream.lag', { 'canton_rx.stream': 'scan.updates' });
    assert.equal(lag.count, pages.filter((p) => p.records.length > 0 || p.checkpoint !== undefined).length);
    assert.ok(lag.min >= 0);
  });

  it('the item form counts the same items; no span attribute or name carries the token, a body or a query', async () => {
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secret }, scan: { url: net.scanUrl, token: secret }, telemetry: otel.telemetry });
    const items = rights(await collect(client.scan.updates({ page_size: 25 })));
    const end = rights(await collect(client.ledger.getLedgerEnd()));
    assert.equal(end.length, 1);
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), items.length);
    const spans = otel.spans();
    assert.ok(spans.some((s) => s.attributes['canton_rx.operation'] === 'getV2StateLedger-end' && s.attributes['canton_rx.group'] === 'ledger' && s.attributes['http.response.status_code'] === 200));
    const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })));
    assert.ok(!text.includes(secret), 'no token');
    assert.ok(!text.includes('page_size') && !text.includes('update_id'), 'no body');
    assert.ok(spans.every((s) => !s.name.includes('127.0.0.1')), 'named by the route template, not the URL');
    assert.ok(spans.every((s) => typeof s.attributes['url.full'] === 'string' && !(s.attributes['url.full'] as string).includes('?')), 'the URL as sent, without a query here');
  });

  it('429s, the server delays they ask for and failures by reason are counted; each retry is its own span with the error', async () => {
    net.setFaults({ rate: 0.4, kinds: [429, 503], seed: 9, only: { routes: ['POST /api/scan/v2/updates'] }, retryAfterSeconds: 0 });
    const client = createClient({ scan: { url: net.scanUrl }, telemetry: otel.telemetry });
    const before = scanRequests()!.statuses;
    const items = rights(await collect(client.scan.updates({ page_size: 10 }, { retry: { initialDelayMs: 0, maxDelayMs: 0, maxRetries: 50 } })));
    assert.ok(items.length > 0);
    const after = scanRequests()!.statuses;
    const delta = (s: string) => (after[s] ?? 0) - (before[s] ?? 0);
    assert.ok(delta('429') > 0 && delta('503') > 0, 'the faults happened');
    assert.equal(await otel.sum('canton_rx.http.throttled'), delta('429'));
    assert.equal(await otel.sum('canton_rx.http.failures', { 'canton_rx.outcome': 'http_429' }), delta('429'));
    assert.equal(await otel.sum('canton_rx.http.failures', { 'canton_rx.outcome': 'http_503' }), delta('503'));
    const delays = await otel.histogram('canton_rx.http.server_delay');
    assert.equal(delays.count, delta('429'), 'Retry-After: 0 is a delay of 0 ms, recorded');
    const failed = otel.spans().filter((s) => s.attributes['error.type'] !== undefined);
    assert.equal(failed.length, delta('429') + delta('503'));
    assert.ok(failed.every((s) => s.status.code === 2 && [429, 503].includes(s.attributes['http.response.status_code'] as number)));
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), items.length, 'retried pages are not counted twice');
  });

  it('each span carries its retry number (http.request.resend_count) and the bytes of both bodies as sent and received', async () => {
    net.setFaults({ rate: 0.4, kinds: [503], seed: 5, only: { routes: ['POST /api/scan/v2/updates'] } });
    // What went over the wire, by the fetch the client is given: each request's body and its answer's declared length.
    const wire: string[] = [];
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const res = await globalThis.fetch(url, init);
      wire.push(`${Buffer.byteLength(String(init?.body ?? ''))} ${res.headers.get('content-length')}`);
      return res;
    };
    const client = createClient({ scan: { url: net.scanUrl }, fetch: fetch as never, telemetry: otel.telemetry });
    const items = rights(await collect(client.scan.updates({ page_size: 10 }, { retry: { initialDelayMs: 0, maxDelayMs: 0, maxRetries: 50 } })));
    assert.ok(items.length > 0);
    const spans = otel.spans().sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
    const counts = spans.map((s) => s.attributes['http.request.resend_count']);
    assert.ok(counts.some((n) => (n as number) >= 2), `two retries in a row somewhere: ${counts.join(',')}`);
    // Pages are asked one after another: a retry follows its page's previous attempt, which failed; a 200 ends the run.
    spans.forEach((s, i) => {
      const n = s.attributes['http.request.resend_count'] as number;
      if (n === 0) return;
      const before = spans[i - 1]!;
      assert.equal(before.attributes['http.request.resend_count'], n - 1, `span ${i}: retry ${n} after retry ${String(before.attributes['http.request.resend_count'])}`);
      assert.equal(before.attributes['http.response.status_code'], 503);
    });
    assert.deepEqual(spans.map((s) => `${String(s.attributes['http.request.body.size'])} ${String(s.attributes['http.response.body.size'])}`).sort(), [...wire].sort());
    assert.ok(spans.every((s) => (s.attributes['http.request.body.size'] as number) > 10 && (s.attributes['http.response.body.size'] as number) > 0));
  });

  it('a span per WebSocket connection, with its message count and no token', async () => {
    const { default: WebSocket } = await import('ws');
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secret }, webSocket: WebSocket as never, telemetry: otel.telemetry });
    const end = net.info().ledgerEnd;
    const items = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(net.party('alice')) })));
    assert.ok(items.length > 0);
    const ws = otel.spans().filter((s) => s.attributes['network.protocol.name'] === 'websocket');
    assert.equal(ws.length, 1);
    assert.equal(ws[0]!.name, 'WS /v2/updates');
    assert.equal(ws[0]!.attributes['canton_rx.ws.messages'], items.length);
    // The request message as sent, and at least the JSON of every update received.
    assert.ok((ws[0]!.attributes['canton_rx.ws.sent_bytes'] as number) > 50);
    assert.ok((ws[0]!.attributes['canton_rx.ws.received_bytes'] as number) > JSON.stringify(items).length * 0.5);
    assert.equal(ws[0]!.attributes['http.request.resend_count'], 0);
    assert.ok(!JSON.stringify(ws[0]!.attributes).includes(secret));
  });

  it('sink commits: duration and batch size per stream', async () => {
    const client = createClient({ scan: { url: net.scanUrl } });
    const { sink, state } = memorySink<ScanCheckpoint>();
    const commits = allRight(await collect(drainInto(sink, (from, pull) => client.scan.pages.updates({ page_size: 20 }, { from, pull }), { telemetry: otel.telemetry })));
    const size = await otel.histogram('canton_rx.sink.commit.items', { 'canton_rx.stream': 'scan.updates' });
    assert.equal(size.count, commits.length);
    assert.equal(size.sum, state.items.length);
    assert.equal((await otel.histogram('canton_rx.sink.commit.duration', { 'canton_rx.stream': 'scan.updates' })).count, commits.length);
  });

  it('Scan pool events are counted and still reach onEvent', async () => {
    const seen: string[] = [];
    // A threshold of 2 asks both Scans of every read: the dead one always answers with a failure.
    const client = createClient({ scan: { urls: [net.scanUrl, 'http://127.0.0.1:1/api/scan'], threshold: 2, onEvent: (e) => seen.push(e.type) }, telemetry: otel.telemetry });
    await collect(client.scan.updates({ page_size: 50 }, { retry: { initialDelayMs: 0, maxRetries: 3 } }));
    assert.ok(seen.length > 0, 'the dead Scan made events');
    assert.equal(await otel.sum('canton_rx.pool.events'), seen.length);
    assert.equal(await otel.sum('canton_rx.pool.events', { 'canton_rx.event': seen[0]! }), seen.filter((t) => t === seen[0]).length);
  });

  it('a Scan pool: a span for each Scan asked, naming its address and port, with the answer each gave', async () => {
    const dead = 'http://127.0.0.1:1/api/scan';
    const client = createClient({ scan: { urls: [net.scanUrl, dead], threshold: 2 }, telemetry: otel.telemetry });
    await collect(client.scan.updates({ page_size: 50 }, { retry: { initialDelayMs: 0, maxRetries: 1 } }));
    const spans = otel.spans().filter((s) => s.attributes['url.template'] === '/v2/updates');
    const port = Number(new URL(net.scanUrl).port);
    const live = spans.filter((s) => s.attributes['server.port'] === port);
    const gone = spans.filter((s) => s.attributes['server.port'] === 1);
    assert.ok(live.length > 0 && gone.length > 0, 'both Scans asked, each with its own spans');
    assert.ok(spans.every((s) => s.attributes['server.address'] === '127.0.0.1' && s.attributes['canton_rx.group'] === 'scan'));
    assert.ok(live.every((s) => s.attributes['http.response.status_code'] === 200 && (s.attributes['http.response.body.size'] as number) > 0));
    assert.ok(gone.every((s) => s.attributes['error.type'] !== undefined && s.attributes['http.response.status_code'] === undefined));
  });

  it('without telemetry nothing is emitted, even with global providers registered, and reads work the same', async () => {
    assert.ok(trace.setGlobalTracerProvider(otel.providers.tracerProvider));
    assert.ok(metrics.setGlobalMeterProvider(otel.providers.meterProvider));
    try {
      const client = createClient({ scan: { url: net.scanUrl } });
      const items = rights(await collect(client.scan.updates({ page_size: 25 })));
      assert.ok(items.length > 0);
      assert.equal(otel.spans().length, 0);
      assert.equal(await otel.sum('canton_rx.stream.items'), 0);
      assert.equal(await otel.sum('canton_rx.http.requests'), 0);
      const empty = createClient({ scan: { url: net.scanUrl }, telemetry: {} });
      assert.equal(rights(await collect(empty.scan.updates({ page_size: 25 }))).length, items.length);
    } finally {
      trace.disable();
      metrics.disable();
    }
  });
});
