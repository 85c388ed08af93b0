import assert from 'node:assert/strict';
import * as scan from '../../../src/codecs/scan/index.js';
import * as validator from '../../../src/codecs/validator/index.js';
import { decodeIssues, decodeOk, notAny } from '../scan/helpers.js';

const contract = {
  template_id: '3ca1343ab26b453d38c8adb70dca5f1ead8440c42b59b68f070786955cbf9ec1:Splice.Round:OpenMiningRound',
  contract_id: '0082bdf2681af30b4bb770bc2e87006193487167c0bd651c844c7ccecf8d2624f0ca1212205eb90faf38eef691d95ea04b9fd6f3bbb218929ca577cb3543aab18efb75954f',
  payload: { dso: 'DSO::1220b1431ef2', round: { number: '88086' } },
  created_event_blob: 'CgMyLjES',
  created_at: '2026-03-19T16:55:02.524054Z',
};

describe('validator codecs', () => {
  it('share the Splice schemas with scan: the same codec objects under the same names', () => {
    for (const name of ['Contract', 'ContractWithState', 'MaybeCachedContractWithState', 'ErrorResponse', 'LookupFeaturedAppRightResponse'] as const) {
      assert.equal(validator[name], scan[name], name);
    }
  });

  it('CreateAnsEntryRequest and CreateAnsEntryResponse: all fields required strings', () => {
    const request = { name: 'alice.unverified.cns', url: '', description: '' };
    decodeOk(validator.CreateAnsEntryRequest, request);
    assert.deepEqual(
      decodeIssues(validator.CreateAnsEntryRequest, { name: 'alice.unverified.cns', url: null, description: '' }).map((i) => i.path),
      ['url'],
    );
    const response = { ...request, entryContextCid: '00aa', subscriptionRequestCid: '00bb' };
    assert.equal(decodeOk(validator.CreateAnsEntryResponse, response), response);
    assert.deepEqual(
      decodeIssues(validator.CreateAnsEntryResponse, request).map((i) => i.path),
      ['entryContextCid', 'subscriptionRequestCid'],
    );
  });

  it('Contract: created_at is a Timestamp, payload a JSON object, every field required', () => {
    decodeOk(validator.Contract, contract);
    assert.deepEqual(
      decodeIssues(validator.Contract, { ...contract, created_at: '2026-03-19', payload: [] }).map((i) => [i.path, i.expected]),
      [
        ['payload', 'UnknownRecord'],
        ['created_at', 'Timestamp'],
      ],
    );
    const { created_event_blob: _b, ...withoutBlob } = contract;
    assert.deepEqual(
      decodeIssues(validator.Contract, withoutBlob).map((i) => i.path),
      ['created_event_blob'],
    );
  });

  it('ContractWithState: domain_id absent, null or a string; unknown fields kept', () => {
    decodeOk(validator.ContractWithState, { contract });
    decodeOk(validator.ContractWithState, { contract, domain_id: null });
    const withExtra = { contract: { ...contract, future: 1 }, domain_id: 'global-domain::1220', state: 'assigned' };
    const decoded = decodeOk(validator.ContractWithState, withExtra) as typeof withExtra;
    assert.equal(decoded.state, 'assigned');
    assert.equal(decoded.contract.future, 1);
    assert.deepEqual(
      decodeIssues(validator.ContractWithState, { contract: { ...contract, contract_id: 1 } }).map((i) => i.path),
      ['contract.contract_id'],
    );
  });

  it('MaybeCachedContractWithState: both fields optional', () => {
    decodeOk(validator.MaybeCachedContractWithState, {});
    decodeOk(validator.MaybeCachedContractWithState, { contract: null, domain_id: null });
    decodeOk(validator.MaybeCachedContractWithState, { contract, domain_id: 'global-domain::1220' });
  });

  it('GetOpenAndIssuingMiningRoundsProxyResponse needs both arrays', () => {
    decodeOk(validator.GetOpenAndIssuingMiningRoundsProxyResponse, { open_mining_rounds: [{ contract }], issuing_mining_rounds: [] });
    assert.deepEqual(
      decodeIssues(validator.GetOpenAndIssuingMiningRoundsProxyResponse, { open_mining_rounds: {} }).map((i) => [i.path, i.expected]),
      [
        ['open_mining_rounds', 'Array<ContractWithState>'],
        ['issuing_mining_rounds', 'Array<ContractWithState>'],
      ],
    );
  });

  it('ErrorResponse', () => {
    decodeOk(validator.ErrorResponse, { error: 'Authorization Failed for alice' });
    assert.deepEqual(
      decodeIssues(validator.ErrorResponse, { message: 'x' }).map((i) => i.path),
      ['error'],
    );
  });

  it('exported types are precise (no any)', () => {
    notAny<validator.Contract>(true);
    notAny<validator.Contract['payload']>(true);
    notAny<validator.ContractWithState>(true);
    notAny<validator.LookupFeaturedAppRightResponse>(true);
    notAny<validator.GetOpenAndIssuingMiningRoundsProxyResponse>(true);
  });
});
