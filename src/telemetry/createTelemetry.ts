import { Observable, type Observer, type Subscriber, type Subscription } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { HttpResponse, RequestObserver } from '../http/types.js';
import { retryAttempt } from '../retry/retryAttempt.js';
import type { MeterLike, OpenTelemetryApiLike, SpanLike, TelemetryAttributes, TelemetryConfig } from './TelemetryConfig.js';
import { urlFull } from './urlFull.js';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of `@opentelemetry/api`, which canton-rx does not import. */
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

/** What a span and the request metrics say of one call: never its URL's query, body or token. @internal */
export interface RequestInfo {
  readonly method: string;
  /** The path template (`/v2/updates`, `/v0/acs/{party}`), not the filled-in path. */
  readonly path: string;
  readonly operationId?: string;
  readonly group: string;
  /** The base URL of the server asked (a group's, or a pool's Scan): the span's `server.address` and `server.port`. */
  readonly server?: string;
  /**
   * The retry number, where the span starts later than the subscribe that `retryAttempt` tells it
   * at (a WebSocket connection's, after its token and the `ws` package are in); absent: read then.
   */
  readonly attempt?: number;
}

/**
 * What a WebSocket connection tells its span: the URL and headers of its upgrade (to which the
 * trace context is added) and the bytes of the messages sent and received.
 * @internal
 */
export interface ConnectionObserver extends Pick<RequestObserver, 'sending'> {
  bytes(which: 'sent' | 'received', bytes: number): void;
}

/** Where a server's history ends, as its feed's checkpoints say where they stand: a record time (Scan) or an offset (ledger). @internal */
export interface ServerEnd {
  readonly record_time?: string;
  readonly offset?: number | null;
}

/** One stream page as the metrics read it: its records' count, where it stands, whether it caught up. @internal */
export interface MeteredPage {
  readonly records: ReadonlyArray<unknown>;
  readonly checkpoint?: unknown;
  readonly caughtUp: boolean;
}

/**
 * The instruments of one client, made once from its `TelemetryConfig`; every hook is a few field
 * reads and calls, so that a client with telemetry pays little per request and per page.
 * @internal
 */
export interface Telemetry {
  /**
   * Wraps one HTTP request: a span and the request metrics, from subscribe to its answer or
   * cancel. The span records the retry number (`retryAttempt`), and what `send` reports to its
   * observer (given only where there is a span or a trace context to send): the URL, the status
   * as soon as it is in, the body sizes; the observer adds the trace context to the headers.
   * `send` is called with `arg` (the call), so that a transport makes no closure per request.
   */
  readonly request: <R extends Pick<HttpResponse, 'status'>, C = undefined>(
    info: RequestInfo,
    send: (observer: RequestObserver | undefined, arg: C) => Observable<E.Either<CantonError, R>>,
    arg: C,
  ) => Observable<E.Either<CantonError, R>>;
  /**
   * Counts a page of a record stream and its items; the lag behind now from its checkpoint's
   * `record_time`; and, for a feed that reads toward a server's end (`toEnd`), a page that
   * reached it (`caughtUp`) as 0 behind the end.
   */
  readonly page: (stream: string, page: MeteredPage, toEnd?: boolean) => void;
  /** How often a feed asks for its server's end (`TelemetryConfig.serverEndIntervalMs`); undefined: never (or no meter). */
  readonly serverEndIntervalMs: number | undefined;
  /** Records how far the checkpoint `at` (the last handed on) lies behind the server's `end`: record time in seconds, or ledger offsets. */
  readonly behindEnd: (stream: string, at: unknown, end: ServerEnd) => void;
  /** A Scan pool's `onEvent` that counts each event (`unhealthy`, `liar`, `disagreed`, ...) and hands it on to `next`. */
  readonly poolEvents: <Ev extends { readonly type: string; readonly scan?: string }>(next: ((event: Ev) => void) | undefined) => (event: Ev) => void;
  /**
   * A backfill's slices: one more reading (`start`), one read to its end (`end`), one delivered
   * whole (`done`, with the record time its items reach: the lag of the backfill's watermark).
   */
  readonly slice: (stream: string, event: 'start' | 'end' | 'done', at?: string) => void;
  /** Decoding worker threads a read takes (`n` > 0) or gives back (`n` < 0). */
  readonly workers: (stream: string, n: number) => void;
  /** Records one sink commit: its duration and how many items it stored. */
  readonly sinkCommit: (stream: string, ms: number, items: number) => void;
  /**
   * A span per WebSocket connection: from subscribe until it ends (its message count, the bytes
   * `open` reports to its observer as sent and received, how it failed) or is cancelled; the
   * observer adds the trace context to the upgrade's headers.
   */
  readonly connection: <A>(info: RequestInfo, open: (observer: ConnectionObserver | undefined) => Observable<E.Either<CantonError, A>>) => Observable<E.Either<CantonError, A>>;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Why a request failed, as one low-cardinality label. */
const reasonOf = (e: CantonError): string => (e._tag === 'HttpError' ? `http_${e.status}` : e._tag === 'DecodeError' ? `decode_${e.reason}` : e._tag);

const instruments = (meter: MeterLike) => ({
  requests: meter.createCounter('canton_rx.http.requests', { description: 'HTTP requests sent, by operation and outcome (status code or error kind)' }),
  duration: meter.createHistogram('canton_rx.http.duration', { description: 'HTTP request duration, from sending to the whole body', unit: 'ms' }),
  failures: meter.createCounter('canton_rx.http.failures', { description: 'Failed HTTP requests by reason (what the retry policy retries or gives up on)' }),
  throttled: meter.createCounter('canton_rx.http.throttled', { description: 'Answers 429 Too Many Requests' }),
  serverDelay: meter.createHistogram('canton_rx.http.server_delay', { description: 'Delays the server asked for (Retry-After, retryInfo)', unit: 'ms' }),
  items: meter.createCounter('canton_rx.stream.items', { description: 'Items read by each record stream' }),
  pages: meter.createCounter('canton_rx.stream.pages', { description: 'Pages read by each record stream' }),
  lag: meter.createHistogram('canton_rx.stream.lag', { description: 'Record time of the last item of a page behind now', unit: 's' }),
  lagEnd: meter.createHistogram('canton_rx.stream.lag.end', { description: "Record time of the last item handed on behind the server's end", unit: 's' }),
  lagEndOffsets: meter.createHistogram('canton_rx.stream.lag.end_offsets', { description: "Offsets between the last item handed on and the ledger's end", unit: '{offset}' }),
  poolEvents: meter.createCounter('canton_rx.pool.events', { description: 'Scan pool events (unhealthy, liar, disagreed, rate, discovered)' }),
  commitDuration: meter.createHistogram('canton_rx.sink.commit.duration', { description: 'Sink commit duration', unit: 'ms' }),
  commitItems: meter.createHistogram('canton_rx.sink.commit.items', { description: 'Items per sink commit' }),
  slicesDone: meter.createCounter('canton_rx.backfill.slices', { description: 'Backfill slices read and delivered whole' }),
  slicesReading: meter.createUpDownCounter?.('canton_rx.backfill.slices.reading', { description: 'Backfill slices being read now' }),
  workers: meter.createUpDownCounter?.('canton_rx.backfill.workers', { description: 'Page decoding worker threads in use by backfills' }),
});

const timeOf = (t: unknown): number | undefined => {
  if (typeof t !== 'string') return undefined;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : undefined;
};
const recordTimeOf = (checkpoint: unknown): number | undefined =>
  timeOf(typeof checkpoint === 'object' && checkpoint !== null ? (checkpoint as { record_time?: unknown }).record_time : undefined);
const offsetOf = (checkpoint: unknown): number | undefined => {
  const o = typeof checkpoint === 'object' && checkpoint !== null ? (checkpoint as { offset?: unknown }).offset : undefined;
  return typeof o === 'number' && Number.isFinite(o) ? o : undefined;
};

type Instruments = ReturnType<typeof instruments>;

/** What every request's telemetry reads: the instruments, the API that sends the trace context, the tracer. */
interface Env {
  readonly m: Instruments | undefined;
  readonly api: OpenTelemetryApiLike | undefined;
  readonly tracer: TelemetryConfig['tracer'];
}

/** Writes the trace context (the span's, else the active one) into `headers`, where the API is given. */
const inject = (env: Env, span: SpanLike | undefined, headers: Record<string, string>): void => {
  const api = env.api;
  if (api === undefined) return;
  const active = api.context.active();
  api.propagation.inject(span === undefined ? active : api.trace.setSpan(active, span), headers);
};

/** The address and port of a base URL, as `server.address` and `server.port` record them. */
const serverOf = (server: string | undefined): TelemetryAttributes => {
  if (server === undefined) return {};
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return {};
  }
  const port = url.port === '' ? (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80) : Number(url.port);
  // An IPv6 literal is recorded without its brackets.
  return { 'server.address': url.hostname.replace(/^\[(.*)\]$/, '$1'), 'server.port': port };
};

/**
 * One operation of one server, as its spans and metrics say it: every attribute object is made
 * here once, on its first request, and shared by all the requests after.
 */
class Operation {
  readonly name: string;
  /** A first try's span attributes (a retry sets its number on top). */
  readonly attributes: TelemetryAttributes;
  /** The metrics' attributes: the operation and its group. */
  readonly labels: TelemetryAttributes;
  private readonly outcomes = new Map<string | number, TelemetryAttributes>();
  private connection: TelemetryAttributes | undefined;

  constructor(info: RequestInfo, operation: string) {
    this.name = `${info.method} ${info.path}`;
    this.labels = { 'canton_rx.group': info.group, 'canton_rx.operation': operation };
    // `http.request.resend_count`: the retry number (OpenTelemetry's name), 0 for a first try.
    this.attributes = { ...this.labels, 'http.request.method': info.method, 'url.template': info.path, 'http.request.resend_count': 0, ...serverOf(info.server) };
  }

  /** The metrics' attributes of one outcome: a status code or an error kind. */
  outcome(key: string | number): TelemetryAttributes {
    let l = this.outcomes.get(key);
    if (l === undefined) this.outcomes.set(key, (l = { ...this.labels, 'canton_rx.outcome': String(key) }));
    return l;
  }

  connectionAttributes(): TelemetryAttributes {
    return (this.connection ??= { ...this.attributes, 'network.protocol.name': 'websocket' });
  }
}

/**
 * The telemetry of one HTTP request: its span (where there is a tracer), its metrics at the
 * answer, and the observer the request reports to. One object a request, its methods shared: no
 * closure is made per request.
 */
class RequestSpan<R extends Pick<HttpResponse, 'status'>> implements RequestObserver, Observer<E.Either<CantonError, R>> {
  private done = false;
  /** Whether the status is on the span already (told by the request as its head came in). */
  private statusSet = false;
  private readonly started: number;
  private readonly span: SpanLike | undefined;
  private sub: Subscription | undefined;

  constructor(
    private readonly env: Env,
    private readonly op: Operation,
    attempt: number,
    private readonly subscriber: Subscriber<E.Either<CantonError, R>>,
  ) {
    this.span = env.tracer?.startSpan(op.name, { kind: SPAN_KIND_CLIENT, attributes: op.attributes });
    if (attempt > 0) this.span?.setAttribute('http.request.resend_count', attempt);
    this.started = env.m !== undefined ? now() : 0;
  }

  start<C>(send: (observer: RequestObserver | undefined, arg: C) => Observable<E.Either<CantonError, R>>, arg: C): () => void {
    this.sub = send(this.span !== undefined || this.env.api !== undefined ? this : undefined, arg).subscribe(this);
    return () => this.cancel();
  }

  sending(url: string, headers: Record<string, string>, bodyBytes: number): void {
    const span = this.span;
    if (span !== undefined) {
      span.setAttribute('url.full', urlFull(url));
      span.setAttribute('http.request.body.size', bodyBytes);
    }
    inject(this.env, span, headers);
  }

  status(code: number): void {
    this.statusSet = true;
    this.span?.setAttribute('http.response.status_code', code);
  }

  received(bytes: number): void {
    this.span?.setAttribute('http.response.body.size', bytes);
  }

  next(r: E.Either<CantonError, R>): void {
    this.done = true;
    const { span, op } = this;
    const m = this.env.m;
    if (r._tag === 'Right') {
      if (!this.statusSet) span?.setAttribute('http.response.status_code', r.right.status);
      m?.requests.add(1, op.outcome(r.right.status));
    } else {
      const e = r.left;
      const reason = reasonOf(e);
      if (span !== undefined) {
        if (e._tag === 'HttpError' && !this.statusSet) span.setAttribute('http.response.status_code', e.status);
        span.setAttribute('error.type', reason);
        span.setStatus({ code: STATUS_ERROR, message: reason });
      }
      if (m !== undefined) {
        const withReason = op.outcome(reason);
        m.requests.add(1, withReason);
        m.failures.add(1, withReason);
        if (e._tag === 'HttpError' && e.status === 429) m.throttled.add(1, op.labels);
        if (e._tag === 'HttpError' && e.retryAfterMs !== undefined) m.serverDelay.record(e.retryAfterMs, op.labels);
      }
    }
    m?.duration.record(now() - this.started, op.labels);
    // Ended at the answer: a retry unsubscribes right after it, before any complete.
    span?.end();
    this.subscriber.next(r);
  }

  error(defect: unknown): void {
    if (!this.done) {
      this.done = true;
      this.span?.setStatus({ code: STATUS_ERROR, message: 'defect' });
      this.span?.end();
    }
    this.subscriber.error(defect);
  }

  complete(): void {
    this.subscriber.complete();
  }

  private cancel(): void {
    this.sub?.unsubscribe();
    if (!this.done) {
      this.done = true;
      this.span?.setAttribute('canton_rx.cancelled', true);
      this.span?.end();
    }
  }
}

/**
 * The instruments of a `TelemetryConfig`, or `undefined` when there is nothing to report to (no
 * config, or neither a tracer nor a meter): callers then skip every hook.
 * @example
 * ```ts
 * const telemetry = createTelemetry({ meter: metrics.getMeter('canton-rx') });
 * const answer = telemetry ? telemetry.request({ method: op.httpMethod, path: op.path, group: op.group, operationId: op.operationId }, (observer, call) => send(observer, call), call) : send(undefined, call);
 * ```
 * @internal
 */
export const createTelemetry = (config: TelemetryConfig | undefined): Telemetry | undefined => {
  if (config === undefined || (config.tracer === undefined && config.meter === undefined && config.api === undefined)) return undefined;
  const tracer = config.tracer;
  const m = config.meter !== undefined ? instruments(config.meter) : undefined;
  const api = config.api;
  // One attribute object per stream, not one per call.
  const labels = new Map<string, TelemetryAttributes>();
  const labelsOf = (key: string, make: () => TelemetryAttributes): TelemetryAttributes => {
    let l = labels.get(key);
    if (l === undefined) labels.set(key, (l = make()));
    return l;
  };
  // One Operation per server and operation: what its spans and metrics say, made on its first request.
  const operations = new Map<string, Map<string, Operation>>();
  const operationOf = (info: RequestInfo): Operation => {
    let byServer = operations.get(info.server ?? '');
    if (byServer === undefined) operations.set(info.server ?? '', (byServer = new Map()));
    const key = info.operationId ?? `${info.method} ${info.path}`;
    let op = byServer.get(key);
    if (op === undefined) byServer.set(key, (op = new Operation(info, key)));
    return op;
  };
  const env: Env = { m, api, tracer };

  const request: Telemetry['request'] = <R extends Pick<HttpResponse, 'status'>, C>(info: RequestInfo, send: (observer: RequestObserver | undefined, arg: C) => Observable<E.Either<CantonError, R>>, arg: C) =>
    new Observable<E.Either<CantonError, R>>((subscriber) => new RequestSpan<R>(env, operationOf(info), info.attempt ?? retryAttempt(), subscriber).start(send, arg));

  const streamLabels = (stream: string): TelemetryAttributes => labelsOf(`stream ${stream}`, () => ({ 'canton_rx.stream': stream }));
  const lagBehindNow = (at: number | undefined, l: TelemetryAttributes): void => {
    if (at !== undefined) m?.lag.record(Math.max(0, (Date.now() - at) / 1000), l);
  };
  const page: Telemetry['page'] = (stream, p, toEnd) => {
    if (m === undefined) return;
    const l = streamLabels(stream);
    m.pages.add(1, l);
    if (p.records.length > 0) m.items.add(p.records.length, l);
    const at = recordTimeOf(p.checkpoint);
    lagBehindNow(at, l);
    // Free, without asking: a page that reached the end is 0 behind it, in the unit of its checkpoint.
    if (toEnd === true && p.caughtUp) {
      if (at !== undefined) m.lagEnd.record(0, l);
      else if (offsetOf(p.checkpoint) !== undefined) m.lagEndOffsets.record(0, l);
    }
  };
  const behindEnd: Telemetry['behindEnd'] = (stream, at, end) => {
    if (m === undefined) return;
    const l = streamLabels(stream);
    const [t, endT] = [recordTimeOf(at), timeOf(end.record_time)];
    if (t !== undefined && endT !== undefined) m.lagEnd.record(Math.max(0, (endT - t) / 1000), l);
    const [o, endO] = [offsetOf(at), offsetOf(end)];
    if (o !== undefined && endO !== undefined) m.lagEndOffsets.record(Math.max(0, endO - o), l);
  };

  return {
    request,
    page,
    serverEndIntervalMs: m !== undefined ? config.serverEndIntervalMs : undefined,
    behindEnd,
    poolEvents: (next) => (event) => {
      m?.poolEvents.add(1, { 'canton_rx.event': event.type, ...(event.scan !== undefined ? { 'canton_rx.scan': event.scan } : {}) });
      next?.(event);
    },
    slice: (stream, event, at) => {
      if (m === undefined) return;
      const l = streamLabels(stream);
      if (event === 'done') {
        m.slicesDone.add(1, l);
        lagBehindNow(timeOf(at), l);
      } else m.slicesReading?.add(event === 'start' ? 1 : -1, l);
    },
    workers: (stream, n) => m?.workers?.add(n, streamLabels(stream)),
    sinkCommit: (stream, ms, items) => {
      if (m === undefined) return;
      const l = streamLabels(stream);
      m.commitDuration.record(ms, l);
      m.commitItems.record(items, l);
    },
    connection: <A>(info: RequestInfo, open: (observer: ConnectionObserver | undefined) => Observable<E.Either<CantonError, A>>) =>
      new Observable<E.Either<CantonError, A>>((subscriber) => {
        const attempt = info.attempt ?? retryAttempt();
        const op = operationOf(info);
        const span = tracer?.startSpan(`WS ${info.path}`, { kind: SPAN_KIND_CLIENT, attributes: op.connectionAttributes() });
        if (span !== undefined && attempt > 0) span.setAttribute('http.request.resend_count', attempt);
        if (span === undefined) return open(api === undefined ? undefined : { sending: (_url, headers) => inject(env, undefined, headers), bytes: () => undefined }).subscribe(subscriber);
        let messages = 0;
        let failed = false;
        const bytes = { sent: 0, received: 0 };
        const observer: ConnectionObserver = {
          sending: (url, headers) => {
            span.setAttribute('url.full', urlFull(url));
            inject(env, span, headers);
          },
          bytes: (which, n) => (bytes[which] += n),
        };
        const sub = open(observer).subscribe({
          next: (r) => {
            if (r._tag === 'Right') messages++;
            else {
              failed = true;
              const reason = reasonOf(r.left);
              if (r.left._tag === 'HttpError') span.setAttribute('http.response.status_code', r.left.status);
              span.setAttribute('error.type', reason);
              span.setStatus({ code: STATUS_ERROR, message: reason });
            }
            subscriber.next(r);
          },
          error: (defect: unknown) => {
            span.setStatus({ code: STATUS_ERROR, message: 'defect' });
            subscriber.error(defect);
          },
          complete: () => subscriber.complete(),
        });
        return () => {
          sub.unsubscribe();
          span.setAttribute('canton_rx.ws.messages', messages);
          span.setAttribute('canton_rx.ws.sent_bytes', bytes.sent);
          span.setAttribute('canton_rx.ws.received_bytes', bytes.received);
          if (!failed && !subscriber.closed) span.setAttribute('canton_rx.cancelled', true);
          span.end();
        };
      }),
  };
};
