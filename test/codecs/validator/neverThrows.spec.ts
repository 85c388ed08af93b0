import assert from 'node:assert/strict';
import * as validator from '../../../src/codecs/validator/index.js';
import { codecsOf, neverThrows, spotMutationsAgree } from '../../helpers/codecProperties.js';
import { readFixture } from '../../helpers/fixtures.js';

describe('validator codecs on arbitrary input', () => {
  it('the namespace holds only codecs, named after their upstream schemas', () => {
    assert.deepEqual(
      codecsOf(validator).map(([name]) => name).sort(),
      [
        'AnsEntryResponse',
        'Contract',
        'ContractWithState',
        'CreateAnsEntryRequest',
        'CreateAnsEntryResponse',
        'ErrorResponse',
        'GetOpenAndIssuingMiningRoundsProxyResponse',
        'ListAnsEntriesResponse',
        'LookupFeaturedAppRightResponse',
        'MaybeCachedContractWithState',
      ],
    );
    assert.equal(codecsOf(validator).length, Object.keys(validator).length);
    for (const [name, codec] of codecsOf(validator)) assert.equal(codec.name, name);
  });

  neverThrows(validator);

  spotMutationsAgree(
    'GetOpenAndIssuingMiningRoundsProxyResponse',
    validator.GetOpenAndIssuingMiningRoundsProxyResponse,
    readFixture('validator', 'scan-proxy-open-and-issuing-mining-rounds__Fairmint-canton-node-sdk__sim-1.json'),
  );
});
