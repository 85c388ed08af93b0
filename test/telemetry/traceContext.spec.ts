import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { WebSocketServer } from 'ws';
import { createClient } from '../../src/clientFactory/createClient';
import { collect } from '../helpers/collect';
import { startServer, type TestServer } from '../helpers/server';
import { formatOf } from '../ws/helpers';
import { otelHarness, type OtelHarness } from './otel';

/** A `traceparent` as W3C Trace Context writes it: version, trace id, parent (span) id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

/**
 * A ledger WebSocket endpoint on 127.0.0.1, port 0, that records each upgrade's headers; the first
 * `failing` connections close abnormally (1011), the others normally, without a message.
 */
const startUpgradeRecorder = async (failing: number) => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => (protocols.has('daml.ws.auth') ? 'daml.ws.auth' : false) });
  const upgrades: IncomingHttpHeaders[] = [];
  wss.on('connection', (ws, req) => {
    upgrades.push(req.headers);
    ws.once('message', () => ws.close(upgrades.length <= failing ? 1011 : 1000));
  });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
};

describe('telemetry: the trace context crosses the wire; spans carry the semantic conventions', function () {
  this.timeout(20_000);
  let server: TestServer;
  let otel: OtelHarness;
  before(async () => {
    server = await startServer((req) =>
      req.url.includes('cut') ? { action: 'truncate' } : req.url.includes('dso-party-id') ? { body: { dso_party_id: 'DSO::1220' } } : { body: { ok: true } },
    );
  });
  after(() => server.close());
  beforeEach(() => {
    otel = otelHarness();
    api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterEach(async () => {
    api.propagation.disable();
    await otel.shutdown();
  });

  it("every HTTP request carries a traceparent naming the request's own span", async () => {
    const client = createClient({ validator: { url: server.url }, telemetry: { ...otel.telemetry, api } });
    const before = server.requests.length;
    await collect(client.validator.getDsoPartyId());
    await collect(client.validator.getDsoPartyId());
    const sent = server.requests.slice(before).map((r) => r.headers['traceparent']);
    const spans = otel.spans();
    assert.equal(sent.length, 2);
    assert.equal(spans.length, 2);
    sent.forEach((header, i) => {
      const m = TRACEPARENT.exec(String(header));
      assert.ok(m !== null, `a traceparent: ${String(header)}`);
      assert.equal(m[1], spans[i]!.spanContext().traceId);
      assert.equal(m[2], spans[i]!.spanContext().spanId, 'the request span is the parent of what the server does');
    });
  });

  it('without the api option nothing is sent, even with a propagator registered', async () => {
    const before = server.requests.length;
    await collect(createClient({ validator: { url: server.url }, telemetry: otel.telemetry }).validator.getDsoPartyId());
    assert.equal(server.requests[before]!.headers['traceparent'], undefined);
    assert.equal(otel.spans().length, 1);
  });

  it('a span has server.address, server.port and url.full (query values redacted); the status also when the body is then cut off', async () => {
    const client = createClient({ validator: { url: server.url }, scan: { url: `${server.url}/cut/api/scan` }, telemetry: otel.telemetry });
    await collect(client.validator.getDsoPartyId());
    await collect(client.scan.getDsoPartyId());
    const [ok, cut] = otel.spans();
    const port = Number(new URL(server.url).port);
    assert.equal(ok!.attributes['server.address'], '127.0.0.1');
    assert.equal(ok!.attributes['server.port'], port);
    assert.equal(ok!.attributes['url.full'], `${server.url}/v0/scan-proxy/dso-party-id`);
    assert.equal(ok!.attributes['http.response.status_code'], 200);
    assert.equal(cut!.attributes['error.type'], 'NetworkError', 'the body was cut off');
    assert.equal(cut!.attributes['http.response.status_code'], 200, 'the status that came before the body');
    assert.equal(cut!.attributes['server.port'], port);
  });

  it('a query is recorded by its names only', async () => {
    const client = createClient({ ledger: { url: server.url, token: 't' }, telemetry: otel.telemetry });
    await collect(client.ledger.listKnownParties({ 'filter-party': 'alice::1220secret', pageSize: 5 }));
    const full = otel.spans()[0]!.attributes['url.full'] as string;
    assert.match(full, /\/v2\/parties\?/);
    assert.ok(!full.includes('alice') && !full.includes('=5'), full);
    assert.match(full, /filter-party=REDACTED/);
  });

  it('every WebSocket upgrade carries the traceparent of its connection span, and a reconnection its retry number, with ws loaded lazily', async () => {
    const ws = await startUpgradeRecorder(1);
    try {
      // No `webSocket` option: on Node 20 the `ws` package is imported on first use.
      const client = createClient({ ledger: { url: ws.url, token: 'opaque' }, telemetry: { ...otel.telemetry, api } });
      await collect(client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf('alice::1220') }, { retry: { initialDelayMs: 1, maxDelayMs: 1, maxRetries: 2, random: () => 0 } }));
      const spans = otel.spans().filter((s) => s.attributes['network.protocol.name'] === 'websocket');
      assert.equal(ws.upgrades.length, 2, 'a failed connection and its retry');
      assert.deepEqual(
        spans.map((s) => s.attributes['http.request.resend_count']),
        [0, 1],
      );
      ws.upgrades.forEach((headers, i) => {
        const m = TRACEPARENT.exec(String(headers['traceparent']));
        assert.ok(m !== null, `upgrade ${i}: ${String(headers['traceparent'])}`);
        assert.equal(m[2], spans[i]!.spanContext().spanId);
      });
    } finally {
      await ws.close();
    }
  });
});
