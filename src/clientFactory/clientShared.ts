import type { RequestIssue } from '../errors/CantonError.js';
import { DEFAULT_MAX_RESPONSE_BYTES, MAX_TIMEOUT_MS } from '../http/request.js';
import type { Fetch } from '../http/types.js';
import { checkTelemetryConfig } from '../telemetry/checkTelemetryConfig.js';
import { createTelemetry, type Telemetry } from '../telemetry/createTelemetry.js';
import type { ClientConfig } from './ClientConfig.js';
import { defaultFetch } from './defaultFetch.js';

const DEFAULT_TIMEOUT_MS = 30_000;

/** What the groups of a client share: its fetch, bounds, strictness, telemetry, and the issues of its options. @internal */
export interface ClientShared {
  readonly fetch: Fetch;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly configIssues: ReadonlyArray<RequestIssue>;
  readonly strict?: true;
  readonly telemetry?: Telemetry;
}

/** The options of a client that are not a group's, checked (bad ones are reported on use, like a missing group, rather than thrown here). @internal */
export const clientShared = (config: Omit<ClientConfig, 'ledger' | 'validator' | 'scan' | 'webSocket' | 'registry'>): ClientShared => {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const configIssues: RequestIssue[] = [];
  if (!(timeoutMs === Infinity || (typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS))) {
    configIssues.push({ path: 'timeoutMs', message: `must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT_MS}, or Infinity for no timeout; got ${String(config.timeoutMs)}` });
  }
  if (!(Number.isSafeInteger(maxResponseBytes) && maxResponseBytes > 0)) {
    configIssues.push({ path: 'maxResponseBytes', message: `must be a positive whole number of bytes, got ${String(config.maxResponseBytes)}` });
  }
  configIssues.push(...checkTelemetryConfig(config.telemetry));
  const telemetry = createTelemetry(config.telemetry);
  return {
    fetch: config.fetch ?? defaultFetch(),
    timeoutMs,
    maxResponseBytes,
    configIssues,
    ...(config.strict === true ? { strict: true } : {}),
    ...(telemetry !== undefined ? { telemetry } : {}),
  };
};
