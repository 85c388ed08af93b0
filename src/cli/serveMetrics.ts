import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MeterLike } from '../telemetry/TelemetryConfig.js';
import { UsageError } from './UsageError.js';

/**
 * A Prometheus scrape endpoint (`GET /metrics`) for `--metrics-port`: an OpenTelemetry meter whose
 * metrics `@opentelemetry/exporter-prometheus` serves on `host:port` (port 0: a free port; `url`
 * says which). The exporter and `@opentelemetry/sdk-metrics` are optional peer dependencies,
 * loaded only here: without them the flag is a usage error that says what to install.
 * @example
 * ```ts
 * const metrics = await serveMetrics(9464, '127.0.0.1');
 * const client = createClient({ scan: { url }, telemetry: { meter: metrics.meter } });
 * // ... later
 * await metrics.close();
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const serveMetrics = async (port: number, host: string): Promise<{ readonly meter: MeterLike; readonly url: string; readonly close: () => Promise<void> }> => {
  let prometheus: typeof import('@opentelemetry/exporter-prometheus');
  let sdk: typeof import('@opentelemetry/sdk-metrics');
  try {
    prometheus = await import('@opentelemetry/exporter-prometheus');
    sdk = await import('@opentelemetry/sdk-metrics');
  } catch {
    throw new UsageError('--metrics-port needs the optional packages @opentelemetry/exporter-prometheus and @opentelemetry/sdk-metrics (npm install them beside canton-rx)');
  }
  // The exporter's own server would not say which port 0 became: serve its handler from ours.
  const exporter = new prometheus.PrometheusExporter({ preventServerStart: true });
  const provider = new sdk.MeterProvider({ readers: [exporter] });
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?') === true)) exporter.getMetricsRequestHandler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: Error) => reject(new UsageError(`--metrics-port ${port}: ${e.message}`)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    meter: provider.getMeter('canton-rx'),
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
    },
  };
};
