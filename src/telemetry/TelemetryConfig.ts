/** An attribute value, as OpenTelemetry takes it. @category Observability @since 0.4.0 */
export type TelemetryAttributes = Readonly<Record<string, string | number | boolean>>;

/**
 * The part of an OpenTelemetry `Span` canton-rx uses (`@opentelemetry/api`'s `Span` is one).
 * @category Observability
 * @since 0.4.0
 */
export interface SpanLike {
  /** Sets one attribute. */
  setAttribute(key: string, value: string | number | boolean): unknown;
  /** Marks the span failed (`code` 2) or ok (`code` 1). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Ends the span. */
  end(): void;
}

/**
 * The part of an OpenTelemetry `Tracer` canton-rx uses: `trace.getTracer('canton-rx')` of
 * `@opentelemetry/api` is one.
 * @category Observability
 * @since 0.4.0
 */
export interface TracerLike {
  /** Starts a span (canton-rx passes `kind` and `attributes`). */
  startSpan(name: string, options?: { kind?: number; attributes?: TelemetryAttributes }): SpanLike;
}

/**
 * The part of an OpenTelemetry `Meter` canton-rx uses: `metrics.getMeter('canton-rx')` of
 * `@opentelemetry/api` is one.
 * @category Observability
 * @since 0.4.0
 */
export interface MeterLike {
  /** A monotonic counter. */
  createCounter(
    name: string,
    options?: { description?: string; unit?: string },
  ): {
    /** Adds `value` to the count of these attributes. */
    add(value: number, attributes?: TelemetryAttributes): void;
  };
  /** A histogram. */
  createHistogram(
    name: string,
    options?: { description?: string; unit?: string },
  ): {
    /** Records one value under these attributes. */
    record(value: number, attributes?: TelemetryAttributes): void;
  };
}

/**
 * Where canton-rx reports its traces and metrics (docs/observability.md): an OpenTelemetry tracer,
 * meter, or both, from `@opentelemetry/api` (an optional peer dependency canton-rx never imports
 * itself: without this option nothing is measured and nothing is loaded). Spans: one per HTTP
 * request and per WebSocket connection, never with a token or a body. Metrics: requests, 429s and
 * server delays, items, pages and lag of each record stream, Scan pool events, sink commits.
 * @example
 * ```ts
 * import { metrics, trace } from '@opentelemetry/api';
 * import { createClient } from 'canton-rx';
 * const telemetry = { tracer: trace.getTracer('canton-rx'), meter: metrics.getMeter('canton-rx') };
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' }, telemetry });
 * ```
 * @category Observability
 * @since 0.4.0
 */
export interface TelemetryConfig {
  /** Receives a span per HTTP request and per WebSocket connection. */
  readonly tracer?: TracerLike;
  /** Receives the metrics (names under `canton_rx.`, see docs/observability.md). */
  readonly meter?: MeterLike;
}
