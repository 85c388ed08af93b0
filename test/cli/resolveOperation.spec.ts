import assert from 'node:assert/strict';
import { operationUsage, resolveOperation } from '../../src/cli/resolveOperation';
import { singleShotOperations } from '../../src/cli/singleShotOperations';
import { UsageError } from '../../src/cli/UsageError';

describe('resolveOperation', () => {
  it('by method name, or group.method', () => {
    assert.equal(resolveOperation('getDsoPartyId', singleShotOperations).path, '/v0/dso-party-id');
    assert.equal(resolveOperation('validator.lookupFeaturedAppRight', singleShotOperations).group, 'validator');
  });

  it('a name in two groups must say which; an unknown one suggests near names', () => {
    assert.throws(() => resolveOperation('lookupFeaturedAppRight', singleShotOperations), (e: Error) => e instanceof UsageError && /scan\.lookupFeaturedAppRight or validator\.lookupFeaturedAppRight/.test(e.message));
    assert.throws(() => resolveOperation('dsoparty', singleShotOperations), (e: Error) => e instanceof UsageError && /did you mean getDsoPartyId/.test(e.message));
  });

  it('usage lines name the arguments, and the group where the name is not unique', () => {
    assert.equal(operationUsage(resolveOperation('lookupTransferCommandCounterByParty', singleShotOperations), singleShotOperations), 'lookupTransferCommandCounterByParty <party>');
    assert.equal(operationUsage(resolveOperation('scan.lookupFeaturedAppRight', singleShotOperations), singleShotOperations), 'scan.lookupFeaturedAppRight <provider_party_id>');
  });
});
