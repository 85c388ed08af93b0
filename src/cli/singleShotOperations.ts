/**
 * One argument of a single-shot operation on the command line: a string as given, a number, or
 * a JSON value (a request body, a query object).
 * @category CLI
 * @since 0.3.0
 */
export interface OperationArg {
  readonly name: string;
  readonly kind: 'string' | 'number' | 'json';
  /** May be left out at the end of the line (a query object whose fields are all optional). */
  readonly optional?: boolean;
}

/**
 * A single-shot read `canton-rx get` can call: the group method and its arguments, with the
 * fields of the library's operation index (`group`, `operationId`, `method`, `httpMethod`,
 * `path`, `deprecated`, `example`); `operationsFromIndex` builds the whole table from the index.
 * @category CLI
 * @since 0.3.0
 */
export interface CliOperation {
  readonly group: 'scan' | 'ledger' | 'validator';
  readonly operationId: string;
  /** The method of the client group that performs it. */
  readonly method: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly deprecated: boolean;
  readonly args: ReadonlyArray<OperationArg>;
  /** Example arguments, as typed after the operation name. */
  readonly example?: string;
}

const s = (name: string): OperationArg => ({ name, kind: 'string' });
const n = (name: string): OperationArg => ({ name, kind: 'number' });
const j = (name: string): OperationArg => ({ name, kind: 'json' });
const op = (group: CliOperation['group'], method: string, httpMethod: CliOperation['httpMethod'], path: string, args: OperationArg[], example?: string, deprecated = false): CliOperation => ({
  group,
  operationId: method,
  method,
  httpMethod,
  path,
  deprecated,
  args,
  ...(example === undefined ? {} : { example }),
});

/**
 * The hand-written single-shot reads of the client groups: their argument names and kinds (a
 * number where the method takes one) and examples, which `operationsFromIndex` prefers over those
 * it derives from the operation index. Writes (`createAnsEntry`) are left out on purpose: `get` only reads. One page of a paged
 * endpoint is a single-shot read too; the `scan updates`/`ledger updates` commands stream them.
 * @example
 * ```ts
 * singleShotOperations.find((o) => o.method === 'getDsoPartyId'); // { group: 'scan', path: '/v0/dso-party-id', ... }
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const singleShotOperations: ReadonlyArray<CliOperation> = [
  op('scan', 'getDsoPartyId', 'GET', '/v0/dso-party-id', []),
  op('scan', 'isLive', 'GET', '/livez', []),
  op('scan', 'getUpdateHistoryV2', 'POST', '/v2/updates', [j('request')], `'{"page_size":10}'`),
  op('scan', 'getUpdateHistoryV1', 'POST', '/v1/updates', [j('request')], `'{"page_size":10}'`, true),
  op('scan', 'getHoldingsStateAtV2', 'POST', '/v2/holdings/state', [j('request')], `'{"migration_id":0,"record_time":"2025-06-01T00:00:00Z","record_time_match":"at_or_before","page_size":10,"owner_party_ids":["alice::1220ab"]}'`),
  op('scan', 'getDateOfFirstSnapshotAfter', 'GET', '/v0/state/acs/snapshot-timestamp-after', [j('query')], `'{"after":"2025-06-01T00:00:00Z","migration_id":0}'`),
  op('scan', 'getBulkObjectChecksums', 'POST', '/v0/history/bulk/checksums', [j('request')], `'{"object_keys":["a/b"]}'`),
  op('scan', 'listVoteRequestsByTrackingCid', 'POST', '/v0/voterequest', [j('request')], `'{"vote_request_contract_ids":["00ab"]}'`),
  op('scan', 'listDsoRulesVoteRequests', 'GET', '/v0/admin/sv/voterequests', []),
  op('scan', 'countVoteRequestResults', 'POST', '/v0/admin/sv/voteresults/count', [j('request')], `'{}'`),
  op('scan', 'lookupTransferCommandCounterByParty', 'GET', '/v0/transfer-command-counter/{party}', [s('party')], 'alice::1220ab'),
  op('scan', 'lookupFeaturedAppRight', 'GET', '/v0/featured-apps/{provider_party_id}', [s('provider_party_id')], 'provider::1220ab'),
  op('scan', 'getRewardAccountingRootHash', 'GET', '/v0/internal/reward-accounting-process/rounds/{round_number}/root-hash', [n('round_number')], '12'),
  op('scan', 'getAmuletConfigForRound', 'GET', '/v0/amulet-config-for-round', [n('round')], '12', true),
  op('ledger', 'getUpdatesPage', 'POST', '/v2/updates/get-updates-page', [j('request')], `'{"updateFormat":{"includeTransactions":{"transactionShape":"TRANSACTION_SHAPE_ACS_DELTA","eventFormat":{"filtersByParty":{"alice::1220ab":{}}}}},"maxPageSize":10}'`),
  op('ledger', 'getIdentityProviderConfig', 'GET', '/v2/idps/{idp-id}', [s('idp-id')], 'idp-simulated'),
  op('ledger', 'getTrafficAccount', 'GET', '/v2/traffic/accounts/{account-id}', [s('account-id')], 'alice::1220ab'),
  op('validator', 'listAnsEntries', 'GET', '/v0/entry/all', []),
  op('validator', 'getOpenAndIssuingMiningRounds', 'GET', '/v0/scan-proxy/open-and-issuing-mining-rounds', []),
  op('validator', 'lookupFeaturedAppRight', 'GET', '/v0/scan-proxy/featured-apps/{provider_party_id}', [s('provider_party_id')], 'provider::1220ab'),
];
