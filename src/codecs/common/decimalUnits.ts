/** Fractional digits of a Daml `Decimal` (`Numeric 10`). */
export const SCALE = 10;
const DIGITS = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The amount as an integer count of 10^-10, or undefined when it is no decimal of at most 10
 * fractional digits: the one reading of a Daml `Decimal` string that `sumDecimals` and the
 * token-standard parser share, so both are exact the same way.
 * @example
 * ```ts
 * decimalUnits('12.5'); // 125000000000n
 * decimalUnits('1e3'); // undefined
 * ```
 * @internal
 */
export const decimalUnits = (text: string): bigint | undefined => {
  const m = DIGITS.exec(text);
  if (m === null || (m[3] ?? '').length > SCALE) return undefined;
  const units = BigInt(m[2]! + (m[3] ?? '').padEnd(SCALE, '0'));
  return m[1] === '-' ? -units : units;
};
