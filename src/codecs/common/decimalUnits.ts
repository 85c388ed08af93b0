/** Fractional digits of a Daml `Decimal` (`Numeric 10`). */
export const SCALE = 10;
const DIGITS = /^(-?)(\d+)(?:\.(\d+))?$/;
// Java's BigDecimal.toString, as Scan writes Daml Numerics inside payloads: `0E-10`, `-1.43E-8`.
const SCIENTIFIC = /^(-?)(\d+)(?:\.(\d+))?[eE]([-+]?\d+)$/;

/**
 * The amount as an integer count of 10^-10, or undefined when it is no decimal of at most 10
 * fractional digits: the one reading of a Daml `Decimal` string that `sumDecimals` and the
 * token-standard parser share, so both are exact the same way.
 * @example
 * ```ts
 * decimalUnits('12.5'); // 125000000000n
 * decimalUnits('1e3'); // undefined
 * decimalUnits('0E-10', true); // 0n: `scientific` also reads Java's exponent form exactly (Scan's payloads)
 * ```
 * @internal
 */
export const decimalUnits = (text: string, scientific = false): bigint | undefined => {
  const m = DIGITS.exec(text);
  if (m !== null) {
    if ((m[3] ?? '').length > SCALE) return undefined;
    const units = BigInt(m[2]! + (m[3] ?? '').padEnd(SCALE, '0'));
    return m[1] === '-' ? -units : units;
  }
  const s = scientific ? SCIENTIFIC.exec(text) : null;
  if (s === null) return undefined;
  // digits × 10^(exponent − fraction digits), counted in 10^-10: shifted left or right exactly.
  const shift = Number(s[4]) - (s[3] ?? '').length + SCALE;
  if (!Number.isSafeInteger(shift) || shift > 60) return undefined;
  const digits = BigInt(s[2]! + (s[3] ?? ''));
  let units: bigint;
  if (shift >= 0) units = digits * 10n ** BigInt(shift);
  else {
    const div = 10n ** BigInt(-shift);
    if (digits % div !== 0n) return undefined;
    units = digits / div;
  }
  return s[1] === '-' ? -units : units;
};

/**
 * A count of 10^-10 as a Daml `Decimal` string with 10 fractional digits.
 * @example
 * ```ts
 * unitsToDecimal(-125000000000n); // '-12.5000000000'
 * ```
 * @internal
 */
export const unitsToDecimal = (total: bigint): string => {
  const digits = (total < 0n ? -total : total).toString().padStart(SCALE + 1, '0');
  return `${total < 0n ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
};

/**
 * A count of 10^-10 as a Daml `Decimal` string with its 10 fractional digits (`12.5000000000`):
 * how `sumDecimals` and the balances write an exact amount.
 * @example
 * ```ts
 * decimalOfUnits(125000000000n); // '12.5000000000'
 * ```
 * @internal
 */
export const decimalOfUnits = (units: bigint): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(SCALE + 1, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
};
