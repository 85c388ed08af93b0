/**
 * The HTTP plumbing shared by the route handlers: replies as values, the request context, and
 * the error bodies of each group exactly as the real servers send them.
 */
import { sha256Hex } from './ids.js';
import type { Json } from './daml.js';
import type { RouteGroup } from '../types.js';

/** A response, built by a handler and written (or broken) by the server. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Text (sent as UTF-8), or bytes sent as they are (a bulk object). */
  readonly body: string | Uint8Array;
}

/** Whether a helper's answer is a finished reply (an error to send) rather than a parsed value. */
export const isReply = (u: unknown): u is Reply =>
  typeof u === 'object' && u !== null && typeof (u as Reply).status === 'number' && (typeof (u as Reply).body === 'string' || (u as Reply).body instanceof Uint8Array) && typeof (u as Reply).headers === 'object';

/** What a handler gets. */
export interface RequestContext {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly body: string;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Full path template, e.g. `/api/scan/v0/featured-apps/{provider_party_id}`. */
  readonly template: string;
  readonly group: RouteGroup;
  readonly handler: Handler;
}

export const json = (status: number, body: Json, headers: Readonly<Record<string, string>> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const plain = (status: number, body: string, headers: Readonly<Record<string, string>> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=UTF-8', ...headers },
  body,
});

export const empty = (status: number): Reply => ({ status, headers: {}, body: '' });

/** Splice's `ErrorResponse`. */
export const spliceError = (status: number, error: string): Reply => json(status, { error });

/** Splice's rate limiter answer. */
export const spliceTooManyRequests = (retryAfterSeconds: number): Reply =>
  plain(429, 'Too Many Requests: Server is busy, please try again later.', { 'retry-after': String(retryAfterSeconds) });

/** pekko-http's rejection of a request without (valid) credentials. */
export const spliceUnauthorized = (missing: boolean): Reply =>
  plain(401, missing ? 'The resource requires authentication, which was not supplied with the request' : 'The supplied authentication is invalid', {
    'www-authenticate': 'Bearer realm="canton-rx-testkit"',
  });

/** pekko-http's answer to an entity it cannot unmarshal. */
export const spliceMalformed = (detail: string): Reply => plain(400, `The request content was malformed:\n${detail}`);

/** tapir's answer when the ledger cannot decode a body. */
export const ledgerInvalidBody = (): Reply => plain(400, 'Invalid value for: body');

const GRPC_STATUS: Readonly<Record<number, number>> = { 3: 400, 9: 400, 11: 400, 16: 401, 7: 403, 5: 404, 6: 409, 10: 409, 8: 429, 1: 499, 2: 500, 13: 500, 15: 500, 12: 501, 14: 503, 4: 504 };

/** The error codes the simulated participant sends, with their category and gRPC code. */
export const LEDGER_ERRORS = {
  INVALID_ARGUMENT: { category: 8, grpc: 3 },
  INVALID_FIELD: { category: 8, grpc: 3 },
  INVALID_UPDATES_PAGE_TOKEN: { category: 8, grpc: 3 },
  PARTICIPANT_PRUNED_DATA_ACCESSED: { category: 9, grpc: 9 },
  OFFSET_AFTER_LEDGER_END: { category: 12, grpc: 11 },
  UNAUTHENTICATED: { category: 6, grpc: 16 },
  PERMISSION_DENIED: { category: 7, grpc: 7 },
  IDP_CONFIG_NOT_FOUND: { category: 11, grpc: 5 },
  IDP_CONFIG_ALREADY_EXISTS: { category: 10, grpc: 6 },
  USER_NOT_FOUND: { category: 11, grpc: 5 },
  USER_ALREADY_EXISTS: { category: 10, grpc: 6 },
  PARTY_NOT_FOUND: { category: 11, grpc: 5 },
  PACKAGE_NOT_FOUND: { category: 11, grpc: 5 },
  UPDATE_NOT_FOUND: { category: 11, grpc: 5 },
  CONTRACT_EVENTS_NOT_FOUND: { category: 11, grpc: 5 },
  CONTRACT_NOT_FOUND: { category: 11, grpc: 5 },
  DUPLICATE_COMMAND: { category: 10, grpc: 6 },
  NO_SYNCHRONIZER_FOR_SUBMISSION: { category: 9, grpc: 9 },
  LEDGER_API_INTERNAL_ERROR: { category: 4, grpc: 13 },
  SERVICE_NOT_RUNNING: { category: 1, grpc: 14 },
  PARTICIPANT_BACKPRESSURE: { category: 2, grpc: 8 },
} as const;

export type LedgerErrorCode = keyof typeof LEDGER_ERRORS;

/** Builds JsCantonError replies; trace ids are numbered from a seed so that runs are reproducible. */
export class LedgerErrors {
  private n = 0;
  constructor(private readonly seed: string) {}

  /** A JsCantonError reply; `resources` are pairs of a resource type (`IDENTITY_PROVIDER_CONFIG`) and a value. */
  reply(code: LedgerErrorCode, cause: string, extra: { context?: Record<string, string>; resources?: ReadonlyArray<readonly [string, string]>; retryAfterSeconds?: number } = {}): Reply {
    const { category, grpc } = LEDGER_ERRORS[code];
    this.n += 1;
    const tid = sha256Hex(this.seed, 'trace', this.n).slice(0, 32);
    const body: Json = {
      code,
      cause,
      correlationId: null,
      traceId: tid,
      // The participant's name, quoted as Canton logs it (its id is `PAR::participant-1::…`).
      context: { participant: "'participant-1'", ...(extra.context ?? {}), category: String(category), definite_answer: 'false', tid },
      // Real bodies print the resource type as the Scala case class does: `ErrorResource(USER)`.
      resources: (extra.resources ?? []).map(([type, value]) => [`ErrorResource(${type})`, value]),
      errorCategory: category,
      grpcCodeValue: grpc,
      retryInfo: extra.retryAfterSeconds === undefined ? null : `${extra.retryAfterSeconds} second${extra.retryAfterSeconds === 1 ? '' : 's'}`,
      definiteAnswer: false,
    };
    const headers: Record<string, string> = extra.retryAfterSeconds === undefined ? {} : { 'retry-after': String(extra.retryAfterSeconds) };
    return json(GRPC_STATUS[grpc] ?? 500, body, headers);
  }
}

/** Parses a JSON body; undefined when it is not JSON. */
export const parseJson = (body: string): { readonly value: unknown } | undefined => {
  try {
    return { value: JSON.parse(body) as unknown };
  } catch {
    return undefined;
  }
};

export const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** A JSON integer within the safe range. */
export const isInt = (u: unknown): u is number => typeof u === 'number' && Number.isSafeInteger(u);
