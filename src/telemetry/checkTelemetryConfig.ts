import * as E from 'fp-ts/lib/Either.js';
import type { RequestIssue } from '../errors/CantonError.js';
import { Checks } from '../validation/checks.js';
import type { TelemetryConfig } from './TelemetryConfig.js';

/**
 * What is wrong with a client's `telemetry` option (paths under `telemetry.`), for `createClient`
 * to report on use as it reports its other options; nothing for a valid one or none.
 * @example
 * ```ts
 * checkTelemetryConfig({ serverEndIntervalMs: 0 }); // [{ path: 'telemetry.serverEndIntervalMs', message: 'must be ...' }]
 * ```
 * @internal
 */
export const checkTelemetryConfig = (config: TelemetryConfig | undefined): RequestIssue[] => {
  const ms = config?.serverEndIntervalMs;
  if (ms === undefined) return [];
  const r = new Checks().duration(ms, 'telemetry.serverEndIntervalMs').check(ms !== 0, 'telemetry.serverEndIntervalMs', 'must be above 0').result('telemetry', config);
  return E.isLeft(r) ? [...r.left.issues] : [];
};
