import type { Telemetry } from './createTelemetry.js';

/**
 * A group's transport carrying the client's telemetry, which its record streams report their
 * pages to (`meterPages`); without telemetry the transport itself, unchanged.
 * @example
 * ```ts
 * const scan = withTelemetry(createTransport('scan', config.scan, shared), createTelemetry(config.telemetry));
 * ```
 * @internal
 */
export const withTelemetry = <T extends (...args: never[]) => unknown>(transport: T, telemetry: Telemetry | undefined): T & { readonly telemetry?: Telemetry } => {
  if (telemetry === undefined) return transport;
  const carried = ((...args: Parameters<T>) => transport(...args)) as unknown as T & { telemetry: Telemetry };
  carried.telemetry = telemetry;
  return carried;
};
