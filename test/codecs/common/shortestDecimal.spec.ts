import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { shortestDecimal } from '../../../src/codecs/common/shortestDecimal';
import { decimalUnits } from '../../../src/codecs/common/decimalUnits';

// bignumber.js is what the upstream parsers write amounts with (a dependency of the oracle parser).
const BigNumber = createRequire(__filename)('bignumber.js') as { (s: string): { toString(): string } };

describe('shortestDecimal (amounts written as the upstream token-standard parsers write them)', () => {
  it('is bignumber.js\'s toString of the same decimal, on edge and random values', () => {
    const samples = ['0', '1', '-1', '200.0000000000', '0.1', '0.0000010000', '0.0000001', '-0.0000000001', '123456789012345678901.5', '99999999999999999999.9999999999', '1000000000000000000000', '0.000001', '-12.3400000000'];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const int = String(rnd() % 10 ** (rnd() % 10)).repeat(1 + (rnd() % 3)).slice(0, 28);
      const frac = String(rnd()).padStart(10, '0').slice(0, rnd() % 11);
      samples.push(`${rnd() % 2 === 0 ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`);
    }
    for (const s of samples) assert.equal(shortestDecimal(decimalUnits(s)!), BigNumber(s).toString(), s);
  });
});
