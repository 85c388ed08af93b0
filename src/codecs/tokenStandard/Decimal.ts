import * as t from 'io-ts';

// Daml `Decimal` is `Numeric 10`: at most 38 digits, 10 of them after the point. The JSON API
// writes it as a string (notes §2.1); a JSON number would already have lost digits.
const DECIMAL = /^-?\d{1,28}(\.\d{1,10})?$/;

/**
 * A Daml `Decimal` (`Numeric 10`) as the JSON API writes it: a string of up to 28 integer and 10
 * fractional digits, kept as it came, never a float. Sum such amounts with `sumDecimals`.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.Decimal)('100.0000000000'); // Right('100.0000000000')
 * decodeWith(tokenStandard.Decimal)(100); // Left: a number has lost the exact digits already
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const Decimal = new t.Type<string, string, unknown>(
  'Decimal',
  (u): u is string => typeof u === 'string' && DECIMAL.test(u),
  (u, c) => (typeof u === 'string' && DECIMAL.test(u) ? t.success(u) : t.failure(u, c, 'expected a Daml Decimal as a string, such as "100.0000000000"')),
  t.identity,
);
export type Decimal = string;
