import { SCALE } from './decimalUnits.js';

/**
 * A count of 10^-10 written as the upstream token-standard parsers write amounts they computed
 * (bignumber.js's `toString`): no trailing zeros (`200`, not `200.0000000000`), and exponent
 * notation below 1e-6 or from 1e21 on (`1e-7`, `1.5e+21`), so that a summary is the same JSON.
 * @example
 * ```ts
 * shortestDecimal(2000000000000n); // '200'
 * shortestDecimal(-5n); // '-5e-10'
 * ```
 * @internal
 */
export const shortestDecimal = (units: bigint): string => {
  if (units === 0n) return '0';
  const sign = units < 0n ? '-' : '';
  const all = (units < 0n ? -units : units).toString();
  // The digits without trailing zeros, and the power of ten of the first one.
  const coefficient = all.replace(/0+$/, '');
  const exponent = all.length - 1 - SCALE;
  if (exponent <= -7 || exponent >= 21) {
    const rest = coefficient.slice(1);
    return `${sign}${coefficient[0]}${rest === '' ? '' : `.${rest}`}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${coefficient}`;
  const integer = all.slice(0, exponent + 1);
  const fraction = coefficient.slice(exponent + 1);
  return `${sign}${integer}${fraction === '' ? '' : `.${fraction}`}`;
};
