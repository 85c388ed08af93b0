import assert from 'node:assert/strict';
import { InvalidArgumentError } from 'commander';
import { parseWholeNumber } from '../../src/cli/parseWholeNumber';

describe('parseWholeNumber', () => {
  it('parses whole numbers from the minimum up', () => {
    assert.equal(parseWholeNumber(1)('500'), 500);
    assert.equal(parseWholeNumber(0)('0'), 0);
  });

  it('refuses anything else with a message that says what was expected', () => {
    for (const bad of ['x', '1.5', '-1', '', '1e3', '99999999999999999999']) assert.throws(() => parseWholeNumber(0)(bad), InvalidArgumentError, bad);
    assert.throws(() => parseWholeNumber(1)('0'), /≥ 1/);
  });
});
