import * as E from 'fp-ts/lib/Either.js';
import type { InvalidRequest, RequestIssue } from '../errors/CantonError.js';
import { invalidRequest } from '../errors/constructors.js';

/** Collects the issues of one request and turns them into a result. @internal */
export class Checks {
  private readonly issues: RequestIssue[] = [];

  fail(path: string, message: string): this {
    this.issues.push({ path, message });
    return this;
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

  result<A>(what: string, value: A): E.Either<InvalidRequest, A> {
    return this.issues.length === 0 ? E.right(value) : E.left(invalidRequest(`invalid ${what}`, this.issues));
  }
}
