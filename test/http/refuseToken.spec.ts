import assert from 'node:assert/strict';
import { refuseToken } from '../../src/http/refuseToken';

describe('refuseToken', () => {
  it('tells a provider with refused() which token was refused, and says a new one may come', () => {
    const told: string[] = [];
    const source = Object.assign(() => 'x', { refused: (t: string) => told.push(t) });
    assert.equal(refuseToken(source, 'x'), true);
    assert.deepEqual(told, ['x']);
  });

  it('a provider without refused(), or whose refused() throws, is still asked again', () => {
    assert.equal(refuseToken(() => 'x', 'x'), true);
    const throwing = Object.assign(() => 'x', {
      refused: () => {
        throw new Error('bookkeeping');
      },
    });
    assert.equal(refuseToken(throwing, 'x'), true);
  });

  it('a fixed token, or none, cannot change: nothing to try again with', () => {
    assert.equal(refuseToken('fixed', 'fixed'), false);
    assert.equal(refuseToken(undefined, undefined), false);
  });
});
