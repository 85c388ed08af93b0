import assert from 'node:assert/strict';
import { tailFields } from '../../src/paging/tailFields';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('tailFields', () => {
  it('reads the last item of a page: its anchor and the fields after it', () => {
    const page = bytes(
      '{"transactions":[{"update_id":"u1","migration_id":3,"record_time":"2025-01-01T00:00:00.000001Z","events_by_id":{}},' +
        '{"update_id":"u2","migration_id":4,"workflow_id":"","record_time":"2025-01-01T00:00:00.000002Z","events_by_id":{"1":{"x":"y"}}}]}',
    );
    assert.deepEqual(tailFields(page, 'update_id', ['migration_id', 'record_time']), { update_id: 'u2', migration_id: 4, record_time: '2025-01-01T00:00:00.000002Z' });
  });

  it('finds a field nested after the anchor (a reassignment carries its migration id in its event)', () => {
    const page = bytes('{"transactions":[{"update_id":"r1","offset":"9","record_time":"2025-01-01T00:00:00Z","event":{"submitter":"p","migration_id":7}}]}');
    assert.deepEqual(tailFields(page, 'update_id', ['migration_id', 'record_time']), { update_id: 'r1', migration_id: 7, record_time: '2025-01-01T00:00:00Z' });
  });

  it('reads a page token at the end, with whitespace around the colon', () => {
    assert.deepEqual(tailFields(bytes('{"updates":[{"update":{}}], "nextPageToken" : "CAE="}'), 'nextPageToken', []), { nextPageToken: 'CAE=' });
  });

  it('passes over a key name inside a string and a name that is a value, not a key', () => {
    const page = bytes('{"update_id":"real","migration_id":1,"note":"\\"update_id\\":\\"fake\\"","tag":"update_id"}');
    assert.deepEqual(tailFields(page, 'update_id', ['migration_id']), { update_id: 'real', migration_id: 1 });
  });

  it('leaves out what is not a plain string or whole number, and finds nothing without the anchor', () => {
    assert.deepEqual(tailFields(bytes('{"update_id":"a\\"b","migration_id":-1,"record_time":null}'), 'update_id', ['migration_id', 'record_time']), {});
    assert.deepEqual(tailFields(bytes('{"update_id":"é","migration_id":1.5}'), 'update_id', ['migration_id']), {});
    assert.deepEqual(tailFields(bytes('{"update_id":"x","migration_id":01}'), 'update_id', ['migration_id']), { update_id: 'x' });
    assert.equal(tailFields(bytes('{"transactions":[]}'), 'update_id', ['migration_id']), undefined);
    assert.equal(tailFields(bytes(''), 'update_id', []), undefined);
    // A body cut off in the middle of a value: nothing read past the end.
    assert.deepEqual(tailFields(bytes('{"update_id":"abc'), 'update_id', []), {});
    assert.deepEqual(tailFields(bytes('{"update_id":12'), 'update_id', []), {});
  });
});
