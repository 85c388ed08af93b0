import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { checkTelemetryConfig } from '../../src/telemetry/checkTelemetryConfig';
import { createClient } from '../../src/clientFactory/createClient';
import { collect } from '../helpers/collect';

describe('checkTelemetryConfig', () => {
  it('accepts no config, one without an interval, and a whole number of milliseconds above 0', () => {
    assert.deepEqual(checkTelemetryConfig(undefined), []);
    assert.deepEqual(checkTelemetryConfig({}), []);
    assert.deepEqual(checkTelemetryConfig({ serverEndIntervalMs: 15_000 }), []);
  });

  it('names telemetry.serverEndIntervalMs for 0, a fraction, a negative number, a string or Infinity', () => {
    for (const bad of [0, 1.5, -1, '100', Infinity, 2 ** 31]) {
      const issues = checkTelemetryConfig({ serverEndIntervalMs: bad as never });
      assert.equal(issues.length, 1, String(bad));
      assert.equal(issues[0]!.path, 'telemetry.serverEndIntervalMs');
    }
  });

  it('createClient reports it on use, as an InvalidRequest Left, and sends nothing', async () => {
    const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' }, telemetry: { meter: undefined, serverEndIntervalMs: -5 } });
    const [r] = await collect(client.scan.getDsoPartyId());
    assert.ok(r !== undefined && E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.ok(r.left.issues.some((i) => i.path === 'telemetry.serverEndIntervalMs'));
  });
});
