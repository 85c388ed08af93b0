/**
 * Every expected failure of canton-rx: one closed union of plain, read-only, tagged objects.
 *
 * Expected failures travel as `Left<CantonError>` values; the Observable error channel is kept
 * for defects (bugs), so a stream never dies of a 404 or a rate limit.
 *
 * @example
 * ```ts
 * import { createClient, formatError } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 *
 * createClient({ scan: { url: 'http://127.0.0.1:5012/api/scan' } })
 *   .scan.getDsoPartyId()
 *   .subscribe((r) => console.log(E.isLeft(r) ? formatError(r.left) : r.right.dso_party_id));
 * ```
 * @category Errors
 * @since 0.1.0
 */
export type CantonError = HttpError | NetworkError | TimeoutError | DecodeError | InvalidRequest | ScanDisagreement;

/**
 * The body of a non-2xx answer, decoded as far as it can be.
 * - `LedgerError`: a Canton `JsCantonError` (every ledger error but the plain-text 400).
 * - `SimpleError`: a Splice `{"error": "..."}` body.
 * - `Text`: a plain-text body (the ledger's 400, Splice's 429 and 401).
 * - `Json`: any other JSON (for example a proxy's own error page).
 * - `Empty`: no body at all (for example `/livez` answering 503).
 * @category Errors
 * @since 0.1.0
 */
export type ErrorBody =
  | { readonly _tag: 'LedgerError'; readonly error: JsCantonErrorBody }
  | { readonly _tag: 'SimpleError'; readonly error: string }
  | { readonly _tag: 'Text'; readonly text: string }
  | { readonly _tag: 'Json'; readonly json: unknown }
  | { readonly _tag: 'Empty' };

/**
 * The body of a Ledger JSON API error (upstream `JsCantonError`), as `codecs.ledger.JsCantonError`
 * decodes it (that codec's type is this one). Declared here, below the codecs, so that the errors
 * import nothing of the codecs.
 * @example
 * ```ts
 * import type { JsCantonErrorBody } from 'canton-rx';
 * const notFound = (e: JsCantonErrorBody): boolean => e.code === 'TRANSACTION_NOT_FOUND';
 * ```
 * @category Errors
 * @since 0.2.0
 */
export interface JsCantonErrorBody {
  code: string;
  cause: string;
  /** Strings such as `category` and `definite_answer`. */
  context: { [key: string]: string };
  errorCategory: number;
  correlationId?: string | null | undefined;
  traceId?: string | null | undefined;
  resources?: Array<[string, string]> | null | undefined;
  grpcCodeValue?: number | null | undefined;
  /** A Scala duration such as `"1 second"`. */
  retryInfo?: string | null | undefined;
  definiteAnswer?: boolean | null | undefined;
}

/**
 * Conditions that a user has to recognise and that the servers signal only by status and message.
 * `condition` is set on an {@link HttpError} when canton-rx recognised one of them.
 * See docs/errors.md for how each is detected.
 * @category Errors
 * @since 0.1.0
 */
export type KnownCondition =
  | 'BulkStorageNotConfigured'
  | 'NoTransferCommandCounter'
  | 'TrafficEnforcementDisabled'
  | 'ParticipantPruned'
  | 'InvalidPageToken'
  | 'SnapshotNotFound'
  | 'DeprecatedApiDisabled';

/**
 * The server answered with a status outside 2xx.
 * @category Errors
 * @since 0.1.0
 */
export interface HttpError {
  readonly _tag: 'HttpError';
  readonly status: number;
  readonly method: string;
  /** The request URL without credentials or user info. */
  readonly url: string;
  readonly body: ErrorBody;
  /** How long the server asked us to wait, from `Retry-After` or the ledger's `retryInfo`. */
  readonly retryAfterMs?: number;
  /** A condition canton-rx recognised from the status and body. */
  readonly condition?: KnownCondition;
  /**
   * With `condition: 'DeprecatedApiDisabled'` on a deprecated method: the method to call instead
   * (its operation's replacement, as `docs/ledger.md` lists it).
   * @since 0.3.0
   */
  readonly replacement?: string;
}

/**
 * The request never got an HTTP answer: connection refused or reset, DNS failure, or a body cut off
 * while it was read.
 * @category Errors
 * @since 0.1.0
 */
export interface NetworkError {
  readonly _tag: 'NetworkError';
  readonly method: string;
  readonly url: string;
  /**
   * Why, as found in what the transport threw rather than its outer message (undici says `fetch
   * failed` and `terminated`): `ECONNREFUSED 127.0.0.1:1`, `ENOTFOUND scan.example`, `connection
   * closed after 1.2 MB of 3 MB` (a body cut off), else the messages of the cause chain.
   */
  readonly message: string;
  /**
   * What the transport threw, as a plain `{name, message, code?, cause?}` for logging; every
   * string with the bearer token redacted.
   */
  readonly cause: unknown;
}

/**
 * No complete answer arrived within the per-request timeout; on a ledger WebSocket, no open
 * within it, or, once open, that long without a frame (the connection went silent).
 * @category Errors
 * @since 0.1.0
 */
export interface TimeoutError {
  readonly _tag: 'TimeoutError';
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;
}

/**
 * One reason a value did not decode.
 * @category Errors
 * @since 0.1.0
 */
export interface DecodeIssue {
  /** JSON path of the offending value, dot separated: `transactions.3.events_by_id.x.created_at`. */
  readonly path: string;
  /** The type that was expected there, e.g. `int64` or `Timestamp`. */
  readonly expected: string;
  /** The value found there as JSON, cut short to at most 80 characters. */
  readonly actual: string;
  /** An extra explanation, where the codec gave one (an unknown union variant, an unsafe integer). */
  readonly message?: string;
}

/**
 * A body that is not JSON (`reason: 'invalid-json'`, a cut-off or garbled transfer, retryable),
 * JSON of the wrong shape (`reason: 'schema'`, not retryable), pages that break the paging
 * contract (`reason: 'invariant'`: offsets that do not rise, a repeated page token, a cursor
 * that goes back; not retryable), or a body larger than the client's `maxResponseBytes`
 * (`reason: 'too-large'`: the read was aborted; not retryable).
 * @category Errors
 * @since 0.1.0
 */
export interface DecodeError {
  readonly _tag: 'DecodeError';
  readonly reason: 'invalid-json' | 'schema' | 'invariant' | 'too-large';
  readonly issues: ReadonlyArray<DecodeIssue>;
  readonly method?: string;
  readonly url?: string;
}

/**
 * One reason a request was refused on the client side.
 * @category Errors
 * @since 0.1.0
 */
export interface RequestIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The request was refused before anything was sent: invalid arguments, a group of the client
 * that was not configured or is misconfigured, or (with `reason: 'token-provider'`) a token
 * provider that failed this time.
 * @category Errors
 * @since 0.1.0
 */
export interface InvalidRequest {
  readonly _tag: 'InvalidRequest';
  readonly message: string;
  readonly issues: ReadonlyArray<RequestIssue>;
  /**
   * `'token-provider'`: the group's token provider threw, rejected, errored or gave no token, so
   * nothing was sent. Unlike other invalid requests this can pass (a refresh that failed once),
   * so `isRetryable` and `isRetryableRead` retry it and a stream with a retry policy keeps going.
   */
  readonly reason?: 'token-provider';
  /**
   * What the token provider threw, as a plain `{name, message, code?, cause?}` for debugging,
   * with every token it gave before and anything shaped like a bearer token or a JWT redacted.
   */
  readonly cause?: unknown;
}

/**
 * What one Scan of a pool answered to a read that needed agreement.
 * @category Errors
 * @since 0.2.0
 */
export interface ScanAnswer {
  /** The Scan's base URL, without credentials. */
  readonly scan: string;
  /** `value`: a 2xx answer; `error`: a failure (an HTTP error, a network error, a timeout, ...). */
  readonly outcome: 'value' | 'error';
  /** What it said, cut short: the value as JSON, or the failure as `formatError` words it. */
  readonly said: string;
}

/**
 * A read of a Scan pool on which too few Scans agreed (see docs/scans.md): with
 * `reason: 'disagreement'` the Scans answered but fewer than `needed` gave the same answer (a
 * faulty or lagging Scan, or one that lies); with `reason: 'unavailable'` too few answered at all
 * (network errors, 5xx, 503 still replicating, 429), which is retryable. `answers` says which
 * Scan said what.
 * @category Errors
 * @since 0.2.0
 */
export interface ScanDisagreement {
  readonly _tag: 'ScanDisagreement';
  readonly reason: 'disagreement' | 'unavailable';
  readonly method: string;
  /** The path of the request, below the Scans' base URL (`/v0/dso-party-id`). */
  readonly path: string;
  /** How many equal answers were needed. */
  readonly needed: number;
  readonly answers: ReadonlyArray<ScanAnswer>;
}
