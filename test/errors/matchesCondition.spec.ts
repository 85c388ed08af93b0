import assert from 'node:assert/strict';
import { matchesCondition } from '../../src/errors/matchesCondition';
import { httpError } from '../../src/errors/constructors';
import type { ErrorBody, KnownCondition } from '../../src/errors/CantonError';

const CONDITIONS: ReadonlyArray<KnownCondition> = [
  'ParticipantPruned',
  'InvalidPageToken',
  'NoTransferCommandCounter',
  'BulkStorageNotConfigured',
  'TrafficEnforcementDisabled',
  'SnapshotNotFound',
];

const ledger = (code: string): ErrorBody => ({ _tag: 'LedgerError', error: { code, cause: `cause of ${code}`, context: {}, errorCategory: 9 } });
const splice = (error: string): ErrorBody => ({ _tag: 'SimpleError', error });
/** pekko-http's own 404 for a path no route matches (Splice and Canton): a base URL missing its prefix. */
const routeMissing: ErrorBody = { _tag: 'Text', text: 'The requested resource could not be found.' };
/** An older Canton JSON API's 404 for an unknown route (a DevNet capture). */
const routeMissingJson: ErrorBody = { _tag: 'Json', json: { errors: ['HttpMethod(POST), uri: http://ledger/registry/x'], status: 404 } };

/** The condition each real answer signals (from the upstream sources), or none. */
const cases: ReadonlyArray<[string, number, ErrorBody, KnownCondition | undefined]> = [
  ['pruned', 400, ledger('PARTICIPANT_PRUNED_DATA_ACCESSED'), 'ParticipantPruned'],
  ['invalid page token', 400, ledger('INVALID_UPDATES_PAGE_TOKEN'), 'InvalidPageToken'],
  ['no counter', 404, splice('No TransferCommandCounter found for party: bob::1220cd, use 0 for the nonce'), 'NoTransferCommandCounter'],
  ['bulk storage, server', 400, splice('Bulk storage is not configured'), 'BulkStorageNotConfigured'],
  ['bulk storage, spec', 501, splice('Bulk storage is not configured'), 'BulkStorageNotConfigured'],
  ['traffic route not mounted', 404, routeMissing, 'TrafficEnforcementDisabled'],
  ['traffic route not mounted, older JSON API', 404, routeMissingJson, 'TrafficEnforcementDisabled'],
  ['no snapshot after', 404, splice('No snapshots found after 2026-03-19T00:00:00Z'), 'SnapshotNotFound'],
  ['no snapshot before', 404, splice('No snapshots found before 2026-03-19T16:00:00Z'), 'SnapshotNotFound'],
  ['another ledger 404', 404, ledger('IDP_CONFIG_NOT_FOUND'), undefined],
  ['a Splice 404 of another kind', 404, splice('No ans entry found for party: alice::1220'), undefined],
  ['a 400 of another kind', 400, splice('Invalid object key'), undefined],
  ['a proxy 404 page', 404, { _tag: 'Text', text: '<html>404 Not Found</html>' }, undefined],
  ['an empty 404', 404, { _tag: 'Empty' }, undefined],
  ['a 404 JSON of another shape', 404, { _tag: 'Json', json: { status: 404 } }, undefined],
  ['a 500 with a counter message', 500, splice('No TransferCommandCounter found for party: x'), undefined],
];

describe('matchesCondition', () => {
  for (const [name, status, body, expected] of cases) {
    it(`${name} (HTTP ${status}) is ${expected ?? 'no condition'}, and nothing else`, () => {
      const e = httpError({ status, method: 'GET', url: 'http://h/p', body });
      assert.deepEqual(
        CONDITIONS.filter((c) => matchesCondition(c, e)),
        expected === undefined ? [] : [expected],
      );
    });
  }

  it('the route 404 of a base URL missing its prefix matches no condition of Scan', () => {
    const e = httpError({ status: 404, method: 'GET', url: 'http://h/v0/transfer-command-counter/p', body: routeMissing });
    assert.equal(matchesCondition('NoTransferCommandCounter', e), false);
    assert.equal(matchesCondition('SnapshotNotFound', e), false);
    assert.equal(matchesCondition('BulkStorageNotConfigured', { ...e, status: 400 }), false);
  });
});
