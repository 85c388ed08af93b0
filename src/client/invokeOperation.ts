import { map, of, switchMap, type Observable } from 'rxjs';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, InvalidRequest, KnownCondition, RequestIssue } from '../errors/CantonError.js';
import { decodeError, invalidRequest } from '../errors/constructors.js';
import { toIssues } from '../codecs/decodeWith.js';
import type { Agreement, Call, Transport, TransportAnswer } from './createTransport.js';
import type { HttpResponse } from '../http/types.js';
import { checkRequest, type RequestValidation } from '../validation/checkRequest.js';
import { checked } from './send.js';
import { decodeResponse } from './decodeResponse.js';
import { readBytesBody } from '../http/readBody.js';
import { withCondition } from './withCondition.js';

/** The type of a path or query parameter, as the spec gives it. @internal */
export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'array';

/** One path or query parameter of an operation. @internal */
export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly required: boolean;
}

/**
 * One upstream operation as data, written by `npm run codegen` (src/generated): where it lives,
 * what it takes, how its answer decodes. {@link invokeOperation} turns it into a method.
 * @internal
 */
export interface OperationDescriptor<A = unknown> {
  readonly group: 'ledger' | 'scan' | 'validator' | 'registry';
  readonly operationId: string;
  readonly method: string;
  readonly httpMethod: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly pathParams: ReadonlyArray<ParamSpec>;
  readonly queryParams: ReadonlyArray<ParamSpec>;
  /** A JSON body checked against its codec, or the raw bytes of an upload (`application/octet-stream`). */
  readonly body?: { readonly kind: 'json'; readonly codec: t.Decoder<unknown, unknown>; readonly required: boolean } | { readonly kind: 'binary'; readonly required: boolean };
  /** A JSON codec, `'empty'` (any 2xx answer, no body to read), `'text'` (a plain-text answer) or `'bytes'` (a binary answer: its bytes as they came). */
  readonly response: t.Decoder<unknown, A> | 'empty' | 'text' | 'bytes';
  readonly deprecated: boolean;
  readonly replacement?: string;
  readonly paged: boolean;
  readonly conditions?: ReadonlyArray<KnownCondition>;
  /** Why the operation cannot be sent as the spec describes: the method answers an InvalidRequest. */
  readonly unsendable?: string;
  /** The checks its codecs do not make, run before anything is sent (overrides requestValidations). */
  readonly validation?: RequestValidation;
  /** How a Scan pool compares its Scans' answers; absent: the whole answer. */
  readonly agreement?: Agreement;
}

const isPlainObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

const scalarOk = (type: ParamType, v: unknown): boolean => {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x)));
  }
};

const expected: Readonly<Record<ParamType, string>> = {
  string: 'must be a string',
  integer: 'must be an integer',
  number: 'must be a finite number',
  boolean: 'must be a boolean',
  array: 'must be an array of strings or numbers',
};

/** The argument a request validation reads: the body, the query object, or the path parameters by name. */
const validationSubject = (d: OperationDescriptor, on: RequestValidation['on'], args: ReadonlyArray<unknown>): unknown => {
  const n = d.pathParams.length;
  if (on === 'params') return Object.fromEntries(d.pathParams.map((p, i) => [p.name, args[i]]));
  if (on === 'body') return args[n];
  return args[n + (d.body !== undefined ? 1 : 0)];
};

/**
 * Builds the call of one operation from the method's arguments (path parameters in path order,
 * then the body if there is one, then the query object if there are query parameters), or the
 * issues that make it invalid: a request the server would refuse is refused here, with the JSON
 * path of each problem, before anything is sent. The operation's request validation runs first;
 * when it fails, its Left (named after the request, `invalid update history request`) is the answer.
 * `context` fills its placeholders (the validator's ANS acronym).
 * @internal
 */
export const buildCall = (d: OperationDescriptor, args: ReadonlyArray<unknown>, context: Readonly<Record<string, string>> = {}): E.Either<InvalidRequest, Call> => {
  if (d.unsendable !== undefined) return E.left(invalidRequest(`${d.method}: ${d.unsendable}`, [{ path: '', message: d.unsendable }]));
  if (d.validation !== undefined) {
    const checked = checkRequest(d.validation, validationSubject(d, d.validation.on, args), context);
    if (E.isLeft(checked)) return checked;
  }
  const issues: RequestIssue[] = [];
  let i = 0;
  const params: Record<string, string | number> = {};
  for (const p of d.pathParams) {
    const v = args[i++];
    if (!scalarOk(p.type, v) || p.type === 'array') issues.push({ path: p.name, message: expected[p.type] });
    // A dot segment or an empty one would take the request out of its path (see buildUrl).
    else if (v === '' || v === '.' || v === '..') issues.push({ path: p.name, message: 'must not be empty, "." or ".."' });
    else params[p.name] = v as string | number;
  }
  let body: unknown;
  if (d.body !== undefined) {
    body = args[i++];
    if (body === undefined || body === null) {
      if (d.body.required) issues.push({ path: 'body', message: 'required' });
      body = undefined;
    } else if (d.body.kind === 'binary') {
      if (!(body instanceof Uint8Array)) issues.push({ path: 'body', message: 'must be a Uint8Array' });
    } else {
      const r = d.body.codec.decode(body);
      // The body is sent as the caller wrote it: decoding only checks it (codecs may normalise).
      if (E.isLeft(r)) for (const issue of toIssues(r.left)) issues.push({ path: issue.path === '' ? 'body' : `body.${issue.path}`, message: `expected ${issue.expected}, got ${issue.actual}${issue.message !== undefined ? ` (${issue.message})` : ''}` });
    }
  }
  const query: Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined> = {};
  if (d.queryParams.length > 0) {
    const q = args[i++];
    const anyRequired = d.queryParams.some((p) => p.required);
    if (q === undefined && !anyRequired) {
      // no query at all
    } else if (!isPlainObject(q)) {
      issues.push({ path: 'query', message: 'must be an object of query parameters' });
    } else {
      const known = new Set(d.queryParams.map((p) => p.name));
      for (const k of Object.keys(q)) if (!known.has(k)) issues.push({ path: `query.${k}`, message: 'is not a query parameter of this operation' });
      for (const p of d.queryParams) {
        const v = q[p.name];
        if (v === undefined || v === null) {
          if (p.required) issues.push({ path: `query.${p.name}`, message: 'required' });
        } else if (!scalarOk(p.type, v)) issues.push({ path: `query.${p.name}`, message: expected[p.type] });
        else query[p.name] = v as string | number | boolean | ReadonlyArray<string | number>;
      }
    }
  }
  if (i < args.length && args.slice(i).some((a) => a !== undefined)) issues.push({ path: '', message: `takes at most ${i} arguments` });
  if (issues.length > 0) return E.left(invalidRequest(`invalid ${d.method} request`, issues));
  return E.right({
    method: d.httpMethod,
    path: d.path,
    operationId: d.operationId,
    ...(d.agreement !== undefined ? { agreement: d.agreement } : {}),
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(Object.keys(query).length > 0 ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  });
};

const decodeAnswer = <A>(response: OperationDescriptor<A>['response']) => (r: E.Either<CantonError, TransportAnswer>): E.Either<CantonError, A> => {
  if (response === 'empty') return E.isLeft(r) ? r : E.right(undefined as A);
  if (response === 'bytes') {
    if (E.isLeft(r)) return r;
    const { body, method, url } = r.right;
    if (body._tag === 'Bytes') return E.right(body.bytes as A);
    if (body._tag === 'Empty') return E.right(new Uint8Array(0) as A);
    // A transport that read the body as text cannot give the bytes back: refused, never re-encoded.
    return E.left(decodeError('schema', [{ path: '', expected: 'bytes', actual: body._tag, message: 'a binary answer read as text: its bytes are lost' }], { method, url }));
  }
  if (response === 'text') {
    if (E.isLeft(r)) return r;
    const body = r.right.body;
    return E.right((body._tag === 'Text' ? body.text : body._tag === 'Empty' ? '' : body._tag === 'Bytes' ? readBytesBody(body).text : JSON.stringify(body.json)) as A);
  }
  return decodeResponse(response)(r);
};

/** A deprecated operation's `DeprecatedApiDisabled` error, with the method to call instead. */
const namingReplacement =
  <A>(replacement: string) =>
  (r: E.Either<CantonError, A>): E.Either<CantonError, A> =>
    E.isLeft(r) && r.left._tag === 'HttpError' && r.left.condition === 'DeprecatedApiDisabled' ? E.left({ ...r.left, replacement }) : r;

/**
 * Decodes a 2xx answer handed on as bytes (`okBytes`) elsewhere than on this thread (a worker
 * thread): the operation's answer, or the Left `decodeResponse` would give.
 * @internal
 */
export type DecodeBytes<A> = (response: HttpResponse & { readonly body: Extract<HttpResponse['body'], { _tag: 'Bytes' }> }) => Observable<E.Either<CantonError, A>>;

/**
 * One call of an operation, the one way every method of the client reaches its endpoint: cold
 * (checked and sent at subscribe, each subscription its own request), the arguments checked first
 * (see {@link buildCall}), the call carrying the descriptor's `agreement` for a Scan pool, the
 * answer decoded with the operation's codec and its known conditions marked; a deprecated
 * operation that the server has disabled (`DeprecatedApiDisabled`) names its replacement. With `decodeBytes`
 * and a transport that answers with bytes (`okBytes`), a 2xx body is decoded by it instead.
 * @internal
 */
export const invokeOperation = <A>(
  transport: Transport,
  d: OperationDescriptor<A>,
  args: ReadonlyArray<unknown>,
  context?: Readonly<Record<string, string>>,
  decodeBytes?: DecodeBytes<A>,
): Observable<E.Either<CantonError, A>> =>
  checked(
    () => buildCall(d, args, context),
    (call) => {
      const decoded =
        decodeBytes !== undefined && transport.okBytes === true && typeof d.response !== 'string'
          ? transport({ ...call, okBytes: true }).pipe(switchMap((r) => (E.isRight(r) && r.right.body._tag === 'Bytes' ? decodeBytes({ ...r.right, body: r.right.body }) : of(decodeAnswer(d.response)(r)))))
          : transport(d.response === 'bytes' ? { ...call, okBytes: true } : call).pipe(map(decodeAnswer(d.response)));
      const conditions = d.conditions ?? [];
      const marked = conditions.length === 0 ? decoded : decoded.pipe(map((r) => conditions.reduce((acc, c) => withCondition<A>(c)(acc), r)));
      const replacement = d.deprecated ? d.replacement : undefined;
      return replacement === undefined ? marked : marked.pipe(map(namingReplacement<A>(replacement)));
    },
  );
