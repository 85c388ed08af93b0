import * as t from 'io-ts';

const NUMERIC = /^-?\d+$/;

/**
 * An int64 of the API itself as the generated codecs read it: a JSON number, or a string of
 * digits (circe accepts quoted numbers, see docs/codecs.md), decoded to a `number`. Values beyond
 * `Number.MAX_SAFE_INTEGER` are refused rather than silently rounded, as by `int64`.
 *
 * @example
 * ```ts
 * int64Lenient.decode('42'); // Right(42)
 * int64Lenient.decode(42); // Right(42)
 * int64Lenient.decode('4.2'); // Left
 * ```
 * @internal
 */
export const int64Lenient = new t.Type<number, number, unknown>(
  'int64',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u),
  (u, c) => {
    const n = typeof u === 'string' && NUMERIC.test(u) ? Number(u) : u;
    if (typeof n !== 'number' || !Number.isInteger(n)) return t.failure(u, c);
    if (!Number.isSafeInteger(n)) return t.failure(u, c, 'integer beyond Number.MAX_SAFE_INTEGER: precision would be lost');
    return t.success(n);
  },
  t.identity,
);
