import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest } from '../errors/CantonError.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { Checks } from './checks.js';

/**
 * One check of a request field (scripts/codegen/overrides.mjs, requestValidations). `path` is the
 * field, dot-separated, and the path of the issue; `when`: the rule applies only where that path
 * holds a value (not null or absent).
 * @internal
 */
export type RequestRule = { readonly path: string; readonly when?: string } & (
  | { readonly rule: 'positiveInt'; readonly max?: number }
  | { readonly rule: 'nonNegativeInt' }
  | { readonly rule: 'timestamp' }
  /** A JSON object (`is required`). */
  | { readonly rule: 'object' }
  | { readonly rule: 'nonEmpty' }
  /** A string; with `suffix` it ends with it (and is longer), `maxLength`, `url`: empty or a URL. */
  | { readonly rule: 'string'; readonly suffix?: string; readonly maxLength?: number; readonly url?: boolean }
  /** An array of `minItems` to `maxItems` items, each a `string` or a `nonEmpty` string. */
  | { readonly rule: 'array'; readonly minItems?: number; readonly maxItems?: number; readonly items?: 'string' | 'nonEmpty'; readonly message?: string }
  /** A number not below the number at `than` (when both are numbers). */
  | { readonly rule: 'notBelow'; readonly than: string }
);

/**
 * The checks of one request that its codec does not make: `what` names it in the message
 * (`invalid <what>`), `on` the argument the rules read (the body, the query object, or the path
 * parameters by name), `defaults` the values of `{name}` placeholders the caller does not give.
 * @internal
 */
export interface RequestValidation {
  readonly what: string;
  readonly on: 'body' | 'query' | 'params';
  readonly defaults?: Readonly<Record<string, string>>;
  readonly rules: ReadonlyArray<RequestRule>;
}

const at = (subject: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined), subject);

const isUrl = (s: string): boolean => {
  try {
    return Boolean(new URL(s).protocol);
  } catch {
    return false;
  }
};

const fill = (text: string, context: Readonly<Record<string, string>>): string => text.replace(/\{(\w+)\}/g, (m, name: string) => context[name] ?? m);

const apply = (checks: Checks, r: RequestRule, v: unknown, subject: unknown, context: Readonly<Record<string, string>>): void => {
  switch (r.rule) {
    case 'positiveInt':
      checks.positiveInt(v, r.path, r.max);
      return;
    case 'nonNegativeInt':
      checks.nonNegativeInt(v, r.path);
      return;
    case 'timestamp':
      checks.check(Timestamp.is(v), r.path, 'must be an ISO-8601 UTC instant');
      return;
    case 'object':
      checks.check(typeof v === 'object' && v !== null, r.path, 'is required');
      return;
    case 'nonEmpty':
      checks.check(typeof v === 'string' && v.length > 0, r.path, 'must be a non-empty string');
      return;
    case 'string': {
      if (typeof v !== 'string') {
        checks.fail(r.path, 'must be a string');
        return;
      }
      if (r.suffix !== undefined) {
        const suffix = fill(r.suffix, context);
        checks.check(v.endsWith(suffix) && v.length > suffix.length, r.path, `must end with ${suffix}`);
      }
      if (r.maxLength !== undefined) checks.check(v.length <= r.maxLength, r.path, `must have at most ${r.maxLength} characters`);
      if (r.url === true) checks.check(v === '' || isUrl(v), r.path, 'must be empty or a valid URL');
      return;
    }
    case 'array': {
      const ok =
        Array.isArray(v) &&
        v.length >= (r.minItems ?? 0) &&
        v.length <= (r.maxItems ?? Infinity) &&
        (r.items === undefined || v.every((x) => typeof x === 'string' && (r.items === 'string' || x.length > 0)));
      checks.check(ok, r.path, r.message ?? 'must be an array of the allowed size and items');
      return;
    }
    case 'notBelow': {
      const low = at(subject, r.than);
      checks.check(typeof v !== 'number' || typeof low !== 'number' || v >= low, r.path, `must not be below ${r.than}`);
      return;
    }
  }
};

/**
 * Runs the checks of one request validation on its argument (`subject`): Right(subject), or an
 * `InvalidRequest` Left with an issue per failed rule. `context` fills the `{name}` placeholders
 * (the validator's ANS acronym). `invokeOperation` runs it before anything is sent.
 * @example
 * ```ts
 * checkRequest({ what: 'round number', on: 'query', rules: [{ rule: 'nonNegativeInt', path: 'round' }] }, { round: -1 });
 * // Left: invalid round number (round must be a non-negative integer)
 * ```
 * @internal
 */
export const checkRequest = <A>(validation: RequestValidation, subject: A, context: Readonly<Record<string, string>> = {}): E.Either<InvalidRequest, A> => {
  const values = { ...validation.defaults, ...context };
  const checks = new Checks();
  for (const r of validation.rules) {
    if (r.when !== undefined && at(subject, r.when) == null) continue;
    apply(checks, r, at(subject, r.path), subject, values);
  }
  return checks.result(validation.what, subject);
};
