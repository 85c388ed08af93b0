import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : value === undefined ? 'nothing' : typeof value);

/**
 * The `InvalidRequest` of a stream called without its request object (JavaScript has no types to
 * stop `scan.events()`), or `undefined` when there is one: run first, so that the checks and the
 * stream after it can read the request's fields.
 * @example
 * ```ts
 * checked(() => requireRequest(request, 'scan.events request') ?? checkOptions(options).result('scan.events options', request), run);
 * ```
 * @internal
 */
export const requireRequest = (request: unknown, what: string): E.Left<InvalidRequest> | undefined =>
  typeof request === 'object' && request !== null && !Array.isArray(request)
    ? undefined
    : (E.left(invalidRequest(`invalid ${what}: a request object is required, got ${kindOf(request)}`, [{ path: 'request', message: 'must be an object' }])) as E.Left<InvalidRequest>);
