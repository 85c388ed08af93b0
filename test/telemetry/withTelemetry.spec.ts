import assert from 'node:assert/strict';
import { createTelemetry } from '../../src/telemetry/createTelemetry';
import { withTelemetry } from '../../src/telemetry/withTelemetry';
import { otelHarness } from './otel';

describe('withTelemetry', () => {
  it('without telemetry: the transport itself', () => {
    const transport = (n: number) => n + 1;
    assert.equal(withTelemetry(transport, undefined), transport);
  });

  it('with telemetry: a transport that calls the same one and carries the telemetry', async () => {
    const otel = otelHarness();
    const telemetry = createTelemetry(otel.telemetry)!;
    const calls: number[] = [];
    const carried = withTelemetry((n: number) => (calls.push(n), n * 2), telemetry);
    assert.equal(carried(21), 42);
    assert.deepEqual(calls, [21]);
    assert.equal(carried.telemetry, telemetry);
    await otel.shutdown();
  });

  it('keeps what the transport carries: okBytes (a backfill decodes in its workers only with it)', async () => {
    const otel = otelHarness();
    const telemetry = createTelemetry(otel.telemetry)!;
    const carried = withTelemetry(Object.assign((n: number) => n, { okBytes: true as const }), telemetry);
    assert.equal(carried.okBytes, true);
    assert.equal(carried.telemetry, telemetry);
    await otel.shutdown();
  });
});
