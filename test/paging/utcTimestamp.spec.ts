import assert from 'node:assert/strict';
import { utcTimestamp } from '../../src/paging/utcTimestamp';

describe('paging utcTimestamp (cursor arithmetic)', () => {
  it('writes any RFC 3339 time as its instant in UTC, upper-case T and Z', () => {
    assert.equal(utcTimestamp('2026-01-01T01:00:02.5+01:00'), '2026-01-01T00:00:02.5Z');
    assert.equal(utcTimestamp('2026-01-01T00:00:02.5Z'), '2026-01-01T00:00:02.5Z');
    // Lower case is a valid Timestamp now: still written upper case, so that cursors order as text.
    assert.equal(utcTimestamp('2026-01-01t00:00:02.5z'), '2026-01-01T00:00:02.5Z');
    assert.equal(utcTimestamp('2026-01-01t01:00:02+01:00'), '2026-01-01T00:00:02Z');
  });

  it('is undefined for what is no RFC 3339 time', () => {
    for (const bad of ['yesterday', '2026-01-01 00:00:02Z', 17, undefined]) assert.equal(utcTimestamp(bad), undefined, String(bad));
  });
});
