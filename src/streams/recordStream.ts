import { defer, EMPTY, isObservable, tap, type Observable } from 'rxjs';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { CantonError, InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation, type OperationDescriptor } from '../client/invokeOperation.js';
import type { Page, PageRecord } from '../paging/Page.js';
import { readPages } from '../paging/readPages.js';
import type { PagedRead } from '../paging/pagedRead.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { ServerEnd } from '../telemetry/createTelemetry.js';
import { meterPages } from '../telemetry/meterPages.js';
import { Checks } from '../validation/checks.js';
import { requireRequest } from '../validation/requireRequest.js';
import type { Checkpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import { itemsOf } from './itemsOf.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type StreamOptions, type TailingStreamOptions } from './options.js';
import { serverEndOf } from './serverEndOf.js';

/**
 * How a record stream pages (docs/streams.md, "cursor families"): each family enforces its paging
 * rules once, in the paging layer (`src/paging`) or the family module of `src/streams`.
 * @internal
 */
export type CursorFamily = 'scan cursor' | 'walking by record time or id' | 'snapshot' | 'page token' | 'offset bound' | 'composite';

/**
 * What a stream's item form hands on: each record's `value` (`values`; with `tails`, a
 * `Heartbeat` after each caught-up page when asked for), or the records themselves,
 * `{ value, checkpoint }` (`records`).
 * @internal
 */
export type ItemForm = 'values' | 'records';

/** The item of a stream's item form. @internal */
export type ItemOf<F extends ItemForm, T extends boolean, A, C> = F extends 'records' ? PageRecord<A, C> : T extends true ? A | Heartbeat<C> : A;

/**
 * The one call path of a stream: every page request, and every lookup of an interpretation, goes
 * through `call` (its operation's descriptor on the stream's transport, with the call's `strict`).
 * @internal
 */
export interface StreamCall {
  <X>(operation: OperationDescriptor<X>, args: ReadonlyArray<unknown>, onOkBytes?: (bytes: Uint8Array) => void): Observable<E.Either<CantonError, X>>;
}

/** What a stream's `read` is given besides its request and options. @internal */
export interface ReadContext {
  readonly transport: Transport;
  readonly call: StreamCall;
  /** The wait between polls once caught up (`tail` asked for), else `undefined`: catching up ends the read. */
  readonly tailMs: number | undefined;
}

/**
 * A record stream as data: only what differs from stream to stream. The engine (`recordStream`)
 * checks the request and options (`requestRequired`, `validate`, `checks`, the `from` against
 * `checkpoint`, `tail.intervalMs`), reads the pages through the paging engine with the retry
 * policy, counts them under `name` (with `serverEnd`), and flattens them into items.
 * @internal
 */
export interface RecordStreamSpec<Q, O extends StreamOptions<C>, A, C, F extends ItemForm, T extends boolean> {
  /** `<group>.<method>`: the checkpoints' `stream`, the telemetry's name, the page form's method. */
  readonly name: string;
  readonly family: CursorFamily;
  /** Decodes the stream's `from`. */
  readonly checkpoint: t.Decoder<unknown, C>;
  readonly items: F;
  /** The item form also tells each value's checkpoint to `itemCheckpoints` (the deprecated `checkpointOf` of a value that does not carry it). */
  readonly remember?: boolean;
  /** Takes `tail` (poll once caught up; retryable failures then retried forever by default) and `heartbeats`. */
  readonly tails?: T;
  /** A JavaScript caller must pass a request object (`requireRequest`); without it a missing request is `defaultRequest`. */
  readonly requestRequired?: boolean;
  readonly defaultRequest?: NoInfer<Q>;
  /** The request's own validation (the generated `validate...` of its body): its issues come first. */
  readonly validate?: (request: NoInfer<Q>) => E.Either<InvalidRequest, NoInfer<Q>>;
  /** More checks of the request and options, besides `from` and `tail.intervalMs`. */
  readonly checks?: (checks: Checks, request: NoInfer<Q>, options: NoInfer<O>) => unknown;
  /** The operation that answers where the server's history ends (telemetry's lag to the end). */
  readonly serverEnd?: OperationDescriptor<ServerEnd>;
  /**
   * The read of a checked request: its family's paging and start (the engine reads it with the
   * options' pacing and the retry policy), or the pages of another entry's `read` (an
   * interpretation); `undefined` when nothing is left to read.
   */
  readonly read: (context: ReadContext, request: Q, options: O) => PagedRead<A, C> | Observable<E.Either<CantonError, Page<A, C>>> | undefined;
}

/** The page form of a stream: `client.<group>.pages.<method>`. @internal */
export type PagesOf<Q, O, A, C> = (transport: Transport, request: Q, options?: O) => Observable<E.Either<CantonError, Page<A, C>>>;

/**
 * One record stream of the table (`recordStreams`): its page form and item form, both checked,
 * metered and flattened by the engine, and what an interpretation builds on (`read`: the checked
 * pages before telemetry, counted under the name it is given).
 * @internal
 */
export interface RecordStreamEntry<Q = never, O = never, A = unknown, C = unknown, I = unknown> {
  readonly name: string;
  readonly group: 'scan' | 'ledger';
  readonly family: CursorFamily;
  readonly checkpoint: t.Decoder<unknown, C>;
  /** Absent on a composite stream (its elements come from the entries it `composes`). */
  readonly pages?: PagesOf<Q, O, A, C>;
  readonly items?: (transport: Transport, request: Q, options: O) => Observable<E.Either<CantonError, I>>;
  /** The checks alone, as the stream makes them (for a reader of the same history, the backfill). */
  readonly check?: (request: Q, options: O) => E.Either<InvalidRequest, unknown>;
  /** The checked pages before telemetry: what an interpretation reads (and counts under its own name). */
  readonly read?: (transport: Transport, request: Q, options?: O) => Observable<E.Either<CantonError, Page<A, C>>>;
  /** The operation that answers where the server's history ends (its telemetry's lag to the end). */
  readonly serverEnd?: OperationDescriptor<ServerEnd>;
  /** A composite stream: the entries it reads one after the other. */
  readonly composes?: ReadonlyArray<string>;
}

/** Retries of a tailing read before its server first answered (as a read that is not tailing, 5 by default). */
const UNREACHED_RETRIES = 5;

/** The engine's own issue paths: a refusal naming only these is one of the options. */
const OPTION_PATHS = /^(from|tail|retry|prefetch)(\.|$)/;

/** Every issue at once: the request's validation, then the other checks. */
const merged = (name: string, validated: E.Either<InvalidRequest, unknown>, checks: E.Either<InvalidRequest, unknown>): InvalidRequest | undefined => {
  if (E.isLeft(validated)) return E.isLeft(checks) ? { ...validated.left, issues: [...validated.left.issues, ...checks.left.issues] } : validated.left;
  if (E.isRight(checks)) return undefined;
  const issues = checks.left.issues;
  return invalidRequest(`invalid ${name} ${issues.every((i) => OPTION_PATHS.test(i.path)) ? 'options' : 'request'}`, issues);
};

/**
 * Makes a record stream of its table entry: the request checked before anything is sent, its
 * family's paging read by the engine (`readPages`: prefetch, pull, retry, tail polls), its pages
 * counted under its name (`meterPages`), and its item form flattened from the pages (`itemsOf`).
 * Cold: nothing is checked or sent before subscribe, and unsubscribing aborts the page in flight.
 * @example
 * ```ts
 * const users = recordStream({
 *   name: 'ledger.users', family: 'page token', checkpoint: checkpointCodecs['ledger.users'], items: 'records',
 *   read: ({ call }, request: LedgerUsersRequest, options: StreamOptions<LedgerListCheckpoint>) =>
 *     byId('ledger.users', (token) => call(ledgerOperations.listUsers, [{ pageSize: request.pageSize, pageToken: token }]), (r) => r.users ?? [], (r) => r.nextPageToken || undefined, (u) => u.id, options.from),
 * });
 * users.items(transport, {}).subscribe(console.log);
 * ```
 * @internal
 */
export const recordStream = <Q, O extends StreamOptions<C>, A, C, F extends ItemForm, T extends boolean = false>(spec: RecordStreamSpec<Q, O, A, C, F, T>) => {
  const check = (request: Q, options: O): E.Either<InvalidRequest, Q> => {
    const missing = spec.requestRequired === true ? requireRequest(request, `${spec.name} request`) : undefined;
    if (missing !== undefined) return missing;
    const validated = spec.validate?.(request) ?? E.right(request);
    const checks = new Checks();
    spec.checks?.(checks, request, options);
    checks.checkpoint(spec.checkpoint, options.from);
    const tail = (options as TailingStreamOptions<C>).tail;
    if (spec.tails === true && tail?.intervalMs !== undefined) checks.duration(tail.intervalMs, 'tail.intervalMs');
    const refused = merged(spec.name, validated, checks.result(spec.name, request));
    return refused !== undefined ? E.left(refused) : validated;
  };
  const read = (transport: Transport, request?: Q, options: O = {} as O): Observable<E.Either<CantonError, Page<A, C>>> =>
    checked(
      () => check(request ?? (spec.defaultRequest as Q), options),
      (req) =>
        defer(() => {
          const tail = spec.tails === true ? (options as TailingStreamOptions<C>).tail : undefined;
          const call: StreamCall = (operation, args, onOkBytes) => invokeOperation(onOkBytes !== undefined ? (c) => transport({ ...c, onOkBytes }) : transport, operation, args);
          const source = spec.read({ transport, call, tailMs: tail !== undefined ? (tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined }, req, options);
          if (source === undefined) return EMPTY;
          if (isObservable(source)) return source;
          if (tail === undefined) return readPages(source.paging, source.initial as never, options);
          // Tailing retries for ever by default, but only a server that was reached: until it first
          // answers (a page, or any HTTP status), a network failure is retried as a read that is
          // not tailing retries it (a port that never answered fails after 5).
          let reached = false;
          const unbounded = options.retry?.maxRetries === undefined;
          let before = 0;
          const shouldRetry = options.retry?.shouldRetry ?? isRetryableRead;
          const bounded = (e: CantonError): boolean => {
            reached ||= e._tag === 'HttpError';
            return (reached || ++before <= UNREACHED_RETRIES) && shouldRetry(e);
          };
          const retry = { ...TAIL_RETRY, ...options.retry, ...(unbounded ? { shouldRetry: bounded } : {}) };
          return readPages(source.paging, source.initial as never, { ...options, retry }).pipe(tap((r) => (reached ||= E.isRight(r))));
        }),
    );
  const pages = (transport: Transport, request?: Q, options: O = {} as O): Observable<E.Either<CantonError, Page<A, C>>> =>
    read(transport, request, options).pipe(meterPages(transport.telemetry, spec.name, spec.serverEnd !== undefined ? serverEndOf(transport, spec.serverEnd) : undefined));
  const items = (transport: Transport, request?: Q, options: O = {} as O): Observable<E.Either<CantonError, ItemOf<F, T, A, C>>> => {
    const heartbeats = spec.tails === true && (options as TailingStreamOptions<C>).heartbeats === true;
    const source = pages(transport, request, options);
    return (
      spec.items === 'records'
        ? flattenPages(source, (page) => page.records)
        : itemsOf(source, heartbeats, spec.remember === true ? (item, cp) => itemCheckpoints.set(item as object, cp as Checkpoint) : undefined)
    ) as Observable<E.Either<CantonError, ItemOf<F, T, A, C>>>;
  };
  return {
    name: spec.name,
    group: spec.name.startsWith('scan.') ? ('scan' as const) : ('ledger' as const),
    family: spec.family,
    checkpoint: spec.checkpoint,
    pages,
    items,
    check,
    read,
    ...(spec.serverEnd !== undefined ? { serverEnd: spec.serverEnd } : {}),
  } satisfies RecordStreamEntry<Q, O, A, C, ItemOf<F, T, A, C>>;
};
