import assert from 'node:assert/strict';
import { renderActual } from '../../src/internal/renderActual';

describe('renderActual', () => {
  it('renders values as JSON, cut to 80 characters', () => {
    assert.equal(renderActual('x'), '"x"');
    assert.equal(renderActual(undefined), 'undefined');
    assert.equal(renderActual({ a: [1] }), '{"a":[1]}');
    assert.equal(renderActual('y'.repeat(500)).length, 80);
  });
  it('does not throw on values JSON cannot render', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    assert.equal(renderActual(cyclic), '[object Object]');
    assert.equal(renderActual(10n), '10');
    assert.equal(renderActual([Object.create(null), 0n]), '[object Array]');
  });
});
