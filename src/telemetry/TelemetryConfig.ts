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
 * The part of `@opentelemetry/api` canton-rx uses to send the trace context (the module itself,
 * `import * as api from '@opentelemetry/api'`, is one): the propagator registered with it
 * (`propagation.setGlobalPropagator`, or the Node SDK's default, W3C `traceparent`) writes the
 * context of each request's span into the request's headers.
 * @example
 * ```ts
 * import * as api from '@opentelemetry/api';
 * const propagating: OpenTelemetryApiLike = api;
 * ```
 * @category Observability
 * @since 0.4.0
 */
export interface OpenTelemetryApiLike {
  /** The propagation API. */
  readonly propagation: {
    /** Writes the context into the headers, through the propagator registered. */
    inject(context: unknown, carrier: Record<string, string>): void;
  };
  /** The context API. */
  readonly context: {
    /** The context the request is made in. */
    active(): unknown;
  };
  /** The trace API. */
  readonly trace: {
    /** That context with the request's span as the current one. */
    setSpan(context: unknown, span: SpanLike): unknown;
  };
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
  /**
   * A counter that goes up and down (what is in use now: a backfill's slices reading, its
   * decoding workers). Optional: a meter without it has those two metrics left out.
   * @since 0.4.0
   */
  createUpDownCounter?(
    name: string,
    options?: { description?: string; unit?: string },
  ): {
    /** Adds `value` (negative: takes away) to the count of these attributes. */
    add(value: number, attributes?: TelemetryAttributes): void;
  };
}

/**
 * Where canton-rx reports its traces and metrics (docs/observability.md): an OpenTelemetry tracer,
 * meter, or both, from `@opentelemetry/api` (an optional peer dependency canton-rx never imports
 * itself: without this option nothing is measured and nothing is loaded). Spans: one per HTTP
 * request (with its retry number, server, redacted URL, status and body sizes) and per WebSocket connection, never with a token
 * or a body. Metrics: requests, 429s and server delays, items, pages and lag (behind now and behind
 * the server's end) of each record stream, a backfill's slices and workers, Scan pool events, sink
 * commits.
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
  /**
   * `@opentelemetry/api` itself (`import * as api from '@opentelemetry/api'`), to send the trace
   * context: every HTTP request and WebSocket upgrade then carries what the propagator registered
   * with it writes (W3C `traceparent` and `tracestate`), the request's span as the parent where
   * there is a `tracer`, else the active context; so a trace continues into the participant and
   * Scan. Without a propagator registered, nothing is written.
   */
  readonly api?: OpenTelemetryApiLike;
  /**
   * How often, in milliseconds, a feed (`scan.updates`, `scan.events`, `ledger.updates`) asks
   * its server where the server's end is, to measure how far behind it the feed reads
   * (`canton_rx.stream.lag.end`, `canton_rx.stream.lag.end_offsets`): one extra request per feed
   * subscribed and interval (Scan: `GET /v0/events/latest-record-time`; ledger:
   * `GET /v2/state/ledger-end`), only while the feed is subscribed and only with a `meter`. Not
   * sent to a Scan pool (each Scan's end is its own). Absent: never asked; the lag behind the end
   * is then recorded only where a page reaches the end (0). A whole number from 1 to 2^31 − 1.
   * @since 0.4.0
   */
  readonly serverEndIntervalMs?: number;
}
