import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { toIssues } from '../codecs/decodeWith.js';
import type { InvalidRequest, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';

/**
 * The longest delay a timer can take: Node and RxJS timers treat 2^31 ms (about 24.8 days) or
 * more, and `Infinity`, as 1 ms, so a longer wait would fire at once. No timer is armed past it.
 * @internal
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Collects the issues of one request and turns them into a result. @internal */
export class Checks {
  private readonly issues: RequestIssue[] = [];

  fail(path: string, message: string): this {
    this.issues.push({ path, message });
    return this;
  }

  /** Decodes `value` with `codec`; each refusal becomes an issue at `path` and the refused field's path under it. */
  decodes(codec: t.Decoder<unknown, unknown>, value: unknown, path: string): this {
    const r = codec.decode(value);
    if (E.isLeft(r)) for (const issue of toIssues(r.left)) this.fail(issue.path === '' ? path : `${path}.${issue.path}`, issue.message ?? `must be ${issue.expected}`);
    return this;
  }

  /** A stream's `from`, when given: decoded with its stream's checkpoint codec, refusals under `from`. */
  checkpoint(codec: t.Decoder<unknown, unknown>, from: unknown): this {
    return from === undefined ? this : this.decodes(codec, from, 'from');
  }

  check(ok: boolean, path: string, message: string): this {
    return ok ? this : this.fail(path, message);
  }

  positiveInt(value: unknown, path: string, max?: number): this {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) return this.fail(path, 'must be a positive integer');
    return max !== undefined && value > max ? this.fail(path, `must be at most ${max}`) : this;
  }

  nonNegativeInt(value: unknown, path: string): this {
    return this.check(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, path, 'must be a non-negative integer');
  }

  /**
   * A duration in milliseconds that a timer can wait: an integer from 0 to {@link MAX_TIMER_MS}.
   * `Infinity` passes only where the option documents what it means (`infinity: true`).
   */
  duration(value: unknown, path: string, options: { readonly infinity?: boolean } = {}): this {
    if (value === Infinity && options.infinity === true) return this;
    const range = `must be an integer number of milliseconds from 0 to ${MAX_TIMER_MS}${options.infinity === true ? ', or Infinity' : ''}`;
    return this.check(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_TIMER_MS, path, range);
  }

  result<A>(what: string, value: A): E.Either<InvalidRequest, A> {
    return this.issues.length === 0 ? E.right(value) : E.left(invalidRequest(`invalid ${what}`, this.issues));
  }
}
