import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { checkpointCodecs } from '../../src/streams/checkpointCodecs';
import { Checks } from '../../src/validation/checks';

const T = '2026-01-01T00:00:00.000001Z';

/** The paths a stream's `from` is refused at (empty: accepted). */
const refused = (stream: keyof typeof checkpointCodecs, from: unknown): string[] => {
  const r = new Checks().checkpoint(checkpointCodecs[stream], from).result('request', {});
  return E.isLeft(r) ? r.left.issues.map((i) => i.path).sort() : [];
};

describe('checkpointCodecs', () => {
  it('accepts the checkpoints the streams write', () => {
    const written: ReadonlyArray<readonly [keyof typeof checkpointCodecs, unknown]> = [
      ['ledger.updates', { stream: 'ledger.updates', offset: 0 }],
      ['ledger.activeContracts', { stream: 'ledger.snapshot', activeAtOffset: 7, index: -1 }],
      ['ledger.activeContracts', { stream: 'ledger.updates', offset: 7 }],
      ['ledger.updatesWithSnapshot', { stream: 'ledger.snapshot', activeAtOffset: 7, pageToken: 'p', index: 3 }],
      ['ledger.parties', { stream: 'ledger.parties', id: 'alice::1220', pageToken: 'x' }],
      ['ledger.users', { stream: 'ledger.users', id: 'bob' }],
      ['ledger.vettedPackages', { stream: 'ledger.vettedPackages', index: 0 }],
      ['scan.updates', { stream: 'scan.updates', migration_id: 0, record_time: T }],
      ['scan.updates', { stream: 'scan.updates', migration_id: 4, record_time: '2026-01-01T01:00:00+01:00', update_id: 'u' }],
      ['scan.updatesFromSnapshot', { stream: 'scan.snapshot', migration_id: 4, record_time: T, after: '12', index: 0 }],
      ['scan.events', { stream: 'scan.events', migration_id: 1, record_time: T, update_id: 'u' }],
      ['scan.updatesBefore', { stream: 'scan.updatesBefore', migration_id: 1, synchronizer_id: 'global::1', record_time: T, update_id: 'u' }],
      ['scan.importUpdates', { stream: 'scan.importUpdates', migration_id: 1, update_id: 'u' }],
      ['scan.holdings', { stream: 'scan.holdings', migration_id: 1, record_time: T, contract_id: '00ab' }],
      ['scan.acsSnapshot', { stream: 'scan.acsSnapshot', migration_id: 1, record_time: T, after: '5', contract_id: '00ab' }],
      ['scan.validatorLicenses', { stream: 'scan.validatorLicenses', after: 20, contract_id: '00ab' }],
      ['scan.voteResults', { stream: 'scan.voteResults', pageToken: 9, index: 3 }],
      ['scan.bulkUpdateHistoryObjects', { stream: 'scan.bulkUpdateHistoryObjects', pageToken: 't', index: 0 }],
      ['ledger.completions', { stream: 'ledger.completions', offset: 3 }],
    ];
    for (const [stream, from] of written) {
      assert.deepEqual(refused(stream, from), [], `${stream} refused ${JSON.stringify(from)}`);
      assert.ok(checkpointCodecs[stream].is(from), `${stream}.is`);
    }
  });

  it('refuses a bad field naming it under from, and only the fields of the checkpoint kind its stream names', () => {
    assert.deepEqual(refused('scan.updates', { stream: 'scan.updates', migration_id: -1, record_time: '2026-01-01', update_id: '' }), ['from.migration_id', 'from.record_time', 'from.update_id']);
    assert.deepEqual(refused('scan.updates', { stream: 'scan.events', migration_id: 1, record_time: T }), ['from.stream']);
    assert.deepEqual(refused('scan.voteResults', { stream: 'scan.voteResults', index: 0, pageToken: 'x' }), ['from.pageToken']);
    assert.deepEqual(refused('scan.bulkUpdateHistoryObjects', { stream: 'scan.bulkUpdateHistoryObjects', index: 0, pageToken: '' }), ['from.pageToken']);
    assert.deepEqual(refused('ledger.vettedPackages', { stream: 'ledger.vettedPackages', index: -1 }), ['from.index']);
    assert.deepEqual(refused('ledger.activeContracts', { stream: 'ledger.snapshot', activeAtOffset: -1, index: -2 }), ['from.activeAtOffset', 'from.index']);
    assert.deepEqual(refused('ledger.activeContracts', { stream: 'scan.updates', offset: 1 }), ['from.stream']);
    assert.deepEqual(refused('ledger.users', { stream: 'ledger.parties', id: 'a' }), ['from.stream']);
    assert.deepEqual(refused('ledger.updates', 'ledger.updates:7'), ['from']);
    assert.deepEqual(refused('ledger.activeContracts', null), ['from']);
  });

  it('says what a refused field must be', () => {
    const r = new Checks().checkpoint(checkpointCodecs['ledger.activeContracts'], { stream: 'nope' }).result('request', {});
    assert.ok(E.isLeft(r));
    assert.deepEqual(r.left.issues, [{ path: 'from.stream', message: "must be 'ledger.snapshot' or 'ledger.updates'" }]);
    const s = new Checks().checkpoint(checkpointCodecs['scan.events'], { stream: 'scan.events', migration_id: 1 }).result('request', {});
    assert.ok(E.isLeft(s));
    assert.deepEqual(s.left.issues, [{ path: 'from.record_time', message: 'must be an RFC 3339 timestamp' }]);
  });

  it('leaves an absent from alone', () => {
    assert.deepEqual(refused('scan.updates', undefined), []);
  });
});
