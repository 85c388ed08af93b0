/**
 * canton-rx: the Canton Ledger JSON API v2, the Splice validator API and the Splice Scan API as
 * cold RxJS Observables of decoded records.
 *
 * Every name exported here is public API; test/index.spec.ts lists them so that a removal is
 * always deliberate.
 */

// Client
export { createClient } from './client/createClient.js';
export type { CantonClient, LedgerGroup, ValidatorGroup, ScanGroup } from './client/createClient.js';
export type { ClientConfig, GroupConfig } from './client/types.js';
export type { Fetch, FetchInit, FetchResponse, TokenSource } from './http/types.js';

// Errors
export { matchError } from './errors/matchError.js';
export type { CantonErrorHandlers } from './errors/matchError.js';
export { formatError } from './errors/formatError.js';
export { isRetryable } from './errors/isRetryable.js';
export type {
  CantonError,
  HttpError,
  NetworkError,
  TimeoutError,
  DecodeError,
  DecodeIssue,
  InvalidRequest,
  RequestIssue,
  ErrorBody,
  KnownCondition,
} from './errors/CantonError.js';

// Codecs
export * as codecs from './codecs/index.js';
export { decodeWith } from './codecs/decodeWith.js';
