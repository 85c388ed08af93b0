import assert from 'node:assert/strict';
import * as api from '../src/index';

// The public surface, name by name: a removal or an addition must be deliberate.
describe('canton-rx public exports', () => {
  it('exports exactly these values', () => {
    assert.deepEqual(Object.keys(api).sort(), [
      'CantonRxError',
      'activityOf',
      'checkpointCodecs',
      'checkpointOf',
      'codecs',
      'compareTimestamps',
      'createClient',
      'decodeWith',
      'drainInto',
      'fileCheckpointStore',
      'flattenUpdates',
      'formatError',
      'historyColumns',
      'holdingsChangeOf',
      'isHeartbeat',
      'isRetryable',
      'isRetryableRead',
      'itemIdentity',
      'matchError',
      'mergeFeeds',
      'oauthTokenSource',
      'operationIndex',
      'orThrow',
      'parseTokenStandardTransaction',
      'retryBackoff',
      'rights',
      'scanActivity',
      'splice',
      'sumDecimals',
      'toAsyncIterable',
      'toHistoryRows',
      'tokenStandard',
      'tokenStandardInterfaces',
      'typedPayloads',
      'unknownMemberOf',
      'validateCreateAnsEntryRequest',
      'validateGetActiveContractsPageRequest',
      'validateGetUpdatesPageRequest',
      'validateHoldingsStateRequest',
      'validateNonEmpty',
      'validateRound',
      'validateUpdateHistoryRequest',
      'validateVoteRequestLookup',
      'workerFetch',
    ]);
  });

  it('exports the codecs under their upstream schema names, in four namespaces', () => {
    assert.deepEqual(Object.keys(api.codecs).sort(), ['ledger', 'registry', 'scan', 'validator']);
    for (const name of ['JsGetUpdatesPageResponse', 'JsCantonError', 'Update', 'GetUpdatesPageRequest', 'GetAccountResponse', 'GetIdentityProviderConfigResponse']) {
      assert.equal((api.codecs.ledger as Record<string, { name: string }>)[name]?.name, name);
    }
    for (const name of ['UpdateHistoryResponseV2', 'UpdateHistoryResponse', 'AcsResponseV2', 'ErrorResponse', 'Contract', 'GetRewardAccountingRootHashResponse']) {
      assert.equal((api.codecs.scan as Record<string, { name: string }>)[name]?.name, name);
    }
    for (const name of ['ErrorResponse', 'Contract', 'CreateAnsEntryResponse', 'GetOpenAndIssuingMiningRoundsProxyResponse']) {
      assert.equal((api.codecs.validator as Record<string, { name: string }>)[name]?.name, name);
    }
    for (const name of ['GetRegistryInfoResponse', 'Instrument', 'ChoiceContext', 'DisclosedContract', 'TransferFactoryWithChoiceContext', 'ErrorResponse']) {
      assert.equal((api.codecs.registry as Record<string, { name: string }>)[name]?.name, name);
    }
    // A ledger CreatedEvent is not a Scan CreatedEvent.
    assert.notEqual(api.codecs.ledger.CreatedEvent, api.codecs.scan.CreatedEvent);
  });
});
