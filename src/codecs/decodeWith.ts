import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { DecodeError, DecodeIssue } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';
import { strictDecoding } from './common/openMembers.js';

const MAX_ISSUES = 20;

/**
 * Decodes an unknown value with an io-ts codec into `Either<DecodeError, A>`, turning io-ts's
 * validation contexts into JSON paths once, at the boundary, so that no raw io-ts `Errors` leak
 * into public types. Open unions and enums keep a member they do not know (docs/codecs.md);
 * `{ strict: true }` refuses it.
 *
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * const r = decodeWith(codecs.scan.GetDsoPartyIdResponse)({ dso_party_id: 7 });
 * // Left({ _tag: 'DecodeError', reason: 'schema',
 * //        issues: [{ path: 'dso_party_id', expected: 'string', actual: '7' }] })
 * decodeWith(codecs.ledger.Update, { strict: true })({ FutureKind: { value: { offset: 7 } } });
 * // Left: unknown Update variant "FutureKind"
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const decodeWith =
  <A, O>(codec: t.Type<A, O, unknown>, options?: DecodeOptions) =>
  (u: unknown): E.Either<DecodeError, A> => {
    const r = options?.strict === true ? strictDecoding(() => codec.decode(u)) : codec.decode(u);
    return E.isRight(r) ? r : E.left(decodeError('schema', toIssues(r.left)));
  };

/**
 * How {@link decodeWith} decodes.
 * @category Codecs
 * @since 0.3.0
 */
export interface DecodeOptions {
  /**
   * Refuse what the specs do not name: a member of an open union or a value of an open enum
   * that this version does not know is a `DecodeError` naming it, instead of an unknown member
   * (docs/codecs.md, "Open unions"). Default false.
   */
  readonly strict?: boolean;
}

/** @internal */
export const toIssues = (errors: t.Errors): ReadonlyArray<DecodeIssue> => {
  const seen = new Set<string>();
  const issues: DecodeIssue[] = [];
  for (const error of errors) {
    const issue = toIssue(error);
    const key = `${issue.path}\u0000${issue.expected}\u0000${issue.message ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length >= MAX_ISSUES) break;
  }
  return issues;
};

const isComposite = (type: t.Decoder<unknown, unknown>): boolean =>
  type instanceof t.UnionType || type instanceof t.IntersectionType;

const toIssue = (error: t.ValidationError): DecodeIssue => {
  const keys: string[] = [];
  const ctx = error.context;
  // io-ts adds the member index of unions and intersections as a key; it is no JSON path segment.
  for (let i = 1; i < ctx.length; i++) {
    if (isComposite(ctx[i - 1]!.type)) continue;
    keys.push(ctx[i]!.key);
  }
  // A member that fails as a whole (an intersection's half on a missing object) stands where its
  // parent is: name the parent, the schema the path holds, not the anonymous half; equal issues
  // of the halves then merge into one.
  let at = ctx.length - 1;
  while (at > 0 && isComposite(ctx[at - 1]!.type)) at--;
  const named = ctx[at];
  const issue: { -readonly [K in keyof DecodeIssue]: DecodeIssue[K] } = {
    path: keys.join('.'),
    expected: named ? named.type.name : 'unknown',
    actual: renderActual(error.value),
  };
  if (error.message !== undefined) issue.message = error.message;
  return issue;
};
