import { decimalOfUnits, decimalUnits } from './decimalUnits.js';

/**
 * The exact sum of Daml `Decimal` amounts (`Numeric 10`, as the APIs write them: strings), as a
 * decimal string with 10 fractional digits: summed as integers of 10^-10, so `0.1 + 0.2` is
 * `0.3000000000`, never a float's `0.30000000000000004`. An amount that is no such decimal (more
 * than 10 fractional digits, an exponent, a number) throws a `RangeError` naming it: a sum that
 * silently skipped it would be wrong.
 * @example
 * ```ts
 * import { sumDecimals } from 'canton-rx';
 * sumDecimals(['12.5000000000', '0.1', '-2']); // '10.6000000000'
 * sumDecimals([]); // '0.0000000000'
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const sumDecimals = (amounts: Iterable<string>): string => {
  let total = 0n;
  for (const amount of amounts) {
    const units = typeof amount === 'string' ? decimalUnits(amount) : undefined;
    if (units === undefined) throw new RangeError(`not a Daml Decimal (at most 10 fractional digits): ${JSON.stringify(amount)}`);
    total += units;
  }
  return decimalOfUnits(total);
};
