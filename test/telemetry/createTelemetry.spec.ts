import assert from 'node:assert/strict';
import { NEVER, of, Subject, throwError } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { networkError } from '../../src/errors/constructors';
import type { CantonError } from '../../src/errors/CantonError';
import type { HttpResponse } from '../../src/http/types';
import { createTelemetry, type ConnectionObserver } from '../../src/telemetry/createTelemetry';
import { otelHarness, type OtelHarness } from './otel';

const info = { method: 'POST', path: '/v2/updates', group: 'scan', operationId: 'getUpdateHistoryV2' };
const ok: E.Either<CantonError, HttpResponse> = E.right({ status: 200, method: 'POST', url: 'http://127.0.0.1:1/api/scan/v2/updates', body: { _tag: 'Empty' } });

describe('createTelemetry', () => {
  let otel: OtelHarness;
  beforeEach(() => (otel = otelHarness()));
  afterEach(() => otel.shutdown());

  it('is undefined without a tracer or a meter: the callers then skip every hook', () => {
    assert.equal(createTelemetry(undefined), undefined);
    assert.equal(createTelemetry({}), undefined);
    assert.notEqual(createTelemetry({ meter: otel.telemetry.meter! }), undefined);
  });

  it('hands the answer on unchanged and ends the span at it', async () => {
    const t = createTelemetry(otel.telemetry)!;
    const got: unknown[] = [];
    t.request(info, () => of(ok), undefined).subscribe((r) => got.push(r));
    assert.deepEqual(got, [ok]);
    assert.equal(otel.spans().length, 1);
    assert.equal(otel.spans()[0]!.attributes['http.response.status_code'], 200);
    assert.equal((await otel.histogram('canton_rx.http.duration', { 'canton_rx.operation': 'getUpdateHistoryV2' })).count, 1);
  });

  it('a request cancelled before its answer ends its span as cancelled, and counts no request', async () => {
    const t = createTelemetry(otel.telemetry)!;
    t.request(info, () => NEVER, undefined).subscribe().unsubscribe();
    const [span] = otel.spans();
    assert.equal(span!.attributes['canton_rx.cancelled'], true);
    assert.equal(await otel.sum('canton_rx.http.requests'), 0);
  });

  it('a transport failure is an error span and a failure by its kind; a defect ends the span and goes on as a defect', async () => {
    const t = createTelemetry(otel.telemetry)!;
    t.request(info, () => of(E.left(networkError('POST', 'http://127.0.0.1:1/x', 'refused', { name: 'Error', message: 'refused' }))), undefined).subscribe();
    assert.equal(await otel.sum('canton_rx.http.failures', { 'canton_rx.outcome': 'NetworkError' }), 1);
    const errors: unknown[] = [];
    t.request(info, () => throwError(() => new Error('boom')), undefined).subscribe({ error: (e: unknown) => errors.push(e) });
    assert.equal(errors.length, 1);
    assert.deepEqual(
      otel.spans().map((s) => [s.status.code, s.attributes['error.type'] ?? s.status.message]),
      [
        [2, 'NetworkError'],
        [2, 'defect'],
      ],
    );
  });

  it('a page: items and pages counted, lag from the checkpoint\'s record time (none without one), never negative', async () => {
    const t = createTelemetry(otel.telemetry)!;
    const now = Date.now();
    t.page('scan.updates', { records: [1, 2, 3], checkpoint: { record_time: new Date(now - 60_000).toISOString() }, caughtUp: false });
    t.page('scan.updates', { records: [], checkpoint: { record_time: new Date(now + 60_000).toISOString() }, caughtUp: true });
    t.page('ledger.updates', { records: [1], checkpoint: { offset: 7 }, caughtUp: false });
    assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.updates' }), 3);
    assert.equal(await otel.sum('canton_rx.stream.pages', { 'canton_rx.stream': 'scan.updates' }), 2);
    const lag = await otel.histogram('canton_rx.stream.lag', { 'canton_rx.stream': 'scan.updates' });
    assert.equal(lag.count, 2);
    assert.ok(lag.max >= 59 && lag.max < 120, `lag ${lag.max}`);
    assert.equal(lag.min, 0, 'a record time ahead of this clock is no lag');
    assert.equal((await otel.histogram('canton_rx.stream.lag', { 'canton_rx.stream': 'ledger.updates' })).count, 0);
  });

  it('a WebSocket connection: one span from subscribe to its end, with the messages and bytes it carried', () => {
    const t = createTelemetry(otel.telemetry)!;
    const socket = new Subject<E.Either<CantonError, number>>();
    let observer: ConnectionObserver | undefined;
    const sub = t
      .connection({ method: 'GET', path: '/v2/updates', group: 'ledger' }, (o) => {
        observer = o;
        return socket;
      })
      .subscribe();
    const report = (which: 'sent' | 'received', n: number) => observer!.bytes(which, n);
    report('sent', 40);
    report('received', 100);
    socket.next(E.right(1));
    report('received', 23);
    socket.next(E.right(2));
    assert.equal(otel.spans().length, 0, 'open');
    socket.complete();
    sub.unsubscribe();
    const [span] = otel.spans();
    assert.equal(span!.name, 'WS /v2/updates');
    assert.equal(span!.attributes['canton_rx.ws.messages'], 2);
    assert.equal(span!.attributes['canton_rx.ws.sent_bytes'], 40);
    assert.equal(span!.attributes['canton_rx.ws.received_bytes'], 123);
    assert.equal(span!.attributes['canton_rx.cancelled'], undefined);
  });
});
