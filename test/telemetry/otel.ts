import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, AggregationTemporality, DataPointType, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { TelemetryConfig } from '../../src/telemetry/TelemetryConfig';

/** The real OpenTelemetry SDK with in-memory exporters: what a test reads back. */
export interface OtelHarness {
  readonly telemetry: TelemetryConfig;
  readonly spans: () => ReadableSpan[];
  /** Collects now: the sum of a counter, or the count and sum of a histogram, by attributes (all points when `where` is absent). */
  readonly sum: (name: string, where?: Readonly<Record<string, string>>) => Promise<number>;
  readonly histogram: (name: string, where?: Readonly<Record<string, string>>) => Promise<{ count: number; sum: number; min: number; max: number }>;
  readonly shutdown: () => Promise<void>;
  readonly providers: { tracerProvider: BasicTracerProvider; meterProvider: MeterProvider };
}

export const otelHarness = (): OtelHarness => {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // A long interval: the test collects with forceFlush, never on a timer.
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const points = async (name: string, where: Readonly<Record<string, string>> = {}) => {
    await reader.forceFlush();
    const all: ResourceMetrics[] = metricExporter.getMetrics();
    const last = all[all.length - 1];
    const metric = last?.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === name);
    if (metric === undefined) return { type: undefined, points: [] as never[] };
    return { type: metric.dataPointType, points: metric.dataPoints.filter((p) => Object.entries(where).every(([k, v]) => p.attributes[k] === v)) as Array<{ value: unknown }> };
  };
  return {
    telemetry: { tracer: tracerProvider.getTracer('canton-rx-test'), meter: meterProvider.getMeter('canton-rx-test') },
    spans: () => spanExporter.getFinishedSpans(),
    sum: async (name, where) => {
      const p = await points(name, where);
      return p.points.reduce((n, x) => n + (typeof x.value === 'number' ? x.value : 0), 0);
    },
    histogram: async (name, where) => {
      const p = await points(name, where);
      if (p.type !== undefined && p.type !== DataPointType.HISTOGRAM) throw new Error(`${name} is not a histogram`);
      const hs = p.points.map((x) => x.value as { count: number; sum: number; min?: number; max?: number });
      return { count: hs.reduce((n, h) => n + h.count, 0), sum: hs.reduce((n, h) => n + h.sum, 0), min: Math.min(...hs.map((h) => h.min ?? Infinity)), max: Math.max(...hs.map((h) => h.max ?? -Infinity)) };
    },
    shutdown: async () => {
      await meterProvider.shutdown();
      await tracerProvider.shutdown();
    },
    providers: { tracerProvider, meterProvider },
  };
};
