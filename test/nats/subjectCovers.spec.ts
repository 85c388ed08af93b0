import assert from 'node:assert/strict';
import { subjectCovers } from '../../src/nats/subjectCovers';

describe('subjectCovers', () => {
  it('a literal filter takes its own subject only', () => {
    assert.equal(subjectCovers('canton-rx.scan.updates', 'canton-rx.scan.updates'), true);
    assert.equal(subjectCovers('canton-rx.scan', 'canton-rx.scan.updates'), false);
    assert.equal(subjectCovers('canton-rx.scan.updates', 'canton-rx.scan'), false);
  });

  it('`*` takes one token, a last `>` one or more', () => {
    assert.equal(subjectCovers('canton-rx.*.updates', 'canton-rx.scan.updates'), true);
    assert.equal(subjectCovers('canton-rx.*', 'canton-rx.scan.updates'), false);
    assert.equal(subjectCovers('canton-rx.>', 'canton-rx.scan.updates'), true);
    assert.equal(subjectCovers('canton-rx.>', 'canton-rx'), false);
    assert.equal(subjectCovers('>', 'a'), true);
  });
});
