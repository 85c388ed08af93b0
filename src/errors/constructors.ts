/**
 * Constructors of the {@link CantonError} members, for library code and for users' own tests.
 * @internal
 */
import type {
  DecodeError,
  DecodeIssue,
  ErrorBody,
  HttpError,
  InvalidRequest,
  KnownCondition,
  NetworkError,
  RequestIssue,
  TimeoutError,
} from './CantonError.js';
import { redactSecrets } from './redactSecrets.js';

export const httpError = (fields: {
  status: number;
  method: string;
  url: string;
  body: ErrorBody;
  retryAfterMs?: number;
  condition?: KnownCondition;
}): HttpError => {
  const e: { -readonly [K in keyof HttpError]: HttpError[K] } = {
    _tag: 'HttpError',
    status: fields.status,
    method: fields.method,
    url: fields.url,
    body: fields.body,
  };
  if (fields.retryAfterMs !== undefined) e.retryAfterMs = fields.retryAfterMs;
  if (fields.condition !== undefined) e.condition = fields.condition;
  return e;
};

export const networkError = (method: string, url: string, message: string, cause: unknown): NetworkError => ({
  _tag: 'NetworkError',
  method,
  url,
  message,
  cause,
});

export const timeoutError = (method: string, url: string, timeoutMs: number): TimeoutError => ({
  _tag: 'TimeoutError',
  method,
  url,
  timeoutMs,
});

/** An issue's excerpts without anything shaped like a bearer token or a JWT: a DecodeError quotes what it was sent. */
const redactIssue = (issue: DecodeIssue): DecodeIssue => {
  const out: { -readonly [K in keyof DecodeIssue]: DecodeIssue[K] } = { ...issue, actual: redactSecrets(issue.actual) };
  if (issue.message !== undefined) out.message = redactSecrets(issue.message);
  return out;
};

export const decodeError = (
  reason: DecodeError['reason'],
  issues: ReadonlyArray<DecodeIssue>,
  where?: { method: string; url: string },
): DecodeError => {
  const clean = issues.map(redactIssue);
  return where ? { _tag: 'DecodeError', reason, issues: clean, method: where.method, url: where.url } : { _tag: 'DecodeError', reason, issues: clean };
};

export const invalidRequest = (message: string, issues: ReadonlyArray<RequestIssue> = []): InvalidRequest => ({
  _tag: 'InvalidRequest',
  message,
  issues,
});

export const tokenProviderError = (message: string, issues: ReadonlyArray<RequestIssue>, cause?: unknown): InvalidRequest =>
  cause === undefined ? { _tag: 'InvalidRequest', message, issues, reason: 'token-provider' } : { _tag: 'InvalidRequest', message, issues, reason: 'token-provider', cause };
