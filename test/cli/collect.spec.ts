import assert from 'node:assert/strict';
import { collect } from '../../src/cli/collect';

describe('collect', () => {
  it('adds each occurrence and each comma-separated part, dropping empty ones', () => {
    assert.deepEqual(collect('b, c,', collect('a')), ['a', 'b', 'c']);
    assert.deepEqual(collect('', []), []);
  });
});
