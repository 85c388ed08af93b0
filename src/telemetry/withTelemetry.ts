import type { Telemetry } from './createTelemetry.js';

/**
 * A group's transport carrying the client's telemetry, which its record streams report their
 * pages to (`meterPages`), and whatever the transport carries (`okBytes`); without telemetry the
 * transport itself, unchanged.
 * @example
 * ```ts
 * const scan = withTelemetry(createTransport('scan', config.scan, shared), createTelemetry(config.telemetry));
 * ```
 * @internal
 */
export const withTelemetry = <T extends (...args: never[]) => unknown>(transport: T, telemetry: Telemetry | undefined): T & { readonly telemetry?: Telemetry } => {
  if (telemetry === undefined) return transport;
  // The transport's own properties come along (`okBytes`: without it a backfill would not decode in its workers).
  return Object.assign((...args: Parameters<T>) => transport(...args), transport, { telemetry }) as unknown as T & { telemetry: Telemetry };
};
