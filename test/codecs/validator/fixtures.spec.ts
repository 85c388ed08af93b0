import assert from 'node:assert/strict';
import type * as t from 'io-ts';
import { listFixtures, readFixture } from '../../helpers/fixtures.js';
import * as validator from '../../../src/codecs/validator/index.js';
import { decodeOk } from '../scan/helpers.js';

// Every file of test/fixtures/validator, decoded with the codec of its endpoint (INDEX.md).
const byPrefix: Array<[string, t.Mixed]> = [
  ['error-response__', validator.ErrorResponse],
  ['scan-proxy-featured-apps__', validator.LookupFeaturedAppRightResponse],
  ['scan-proxy-open-and-issuing-mining-rounds__', validator.GetOpenAndIssuingMiningRoundsProxyResponse],
];

describe('validator codecs on the recorded fixtures', () => {
  const handled: string[] = [];
  for (const [prefix, codec] of byPrefix) {
    for (const file of listFixtures('validator', prefix)) {
      handled.push(file);
      it(`${file} decodes as ${codec.name}`, () => {
        const u = readFixture('validator', file);
        assert.equal(decodeOk(codec, u, file), u);
      });
    }
  }

  it('the scan-proxy rounds are arrays of ContractWithState with their domain', () => {
    const u = readFixture('validator', 'scan-proxy-open-and-issuing-mining-rounds__Fairmint-canton-node-sdk__sim-1.json');
    const decoded = decodeOk(validator.GetOpenAndIssuingMiningRoundsProxyResponse, u);
    assert.equal(decoded.open_mining_rounds.length, 3);
    assert.equal(decoded.issuing_mining_rounds.length, 3);
    for (const round of [...decoded.open_mining_rounds, ...decoded.issuing_mining_rounds]) {
      assert.match(round.contract.template_id, /:Splice\.Round:(Open|Issuing)MiningRound$/);
      assert.equal(typeof round.domain_id, 'string');
    }
  });

  it('the featured-apps answer without a right is null', () => {
    const decoded = decodeOk(validator.LookupFeaturedAppRightResponse, readFixture('validator', 'scan-proxy-featured-apps__canton-network-splice-sv-voting-dapp__mock-1.json'));
    assert.equal(decoded.featured_app_right, null);
  });

  it('covers every file of fixtures/validator', () => {
    assert.deepEqual(handled.sort(), listFixtures('validator'));
  });
});
