import type { OperationDescriptor } from '../client/invokeOperation.js';
import { ledgerOperations as L } from '../generated/ledger/operations.js';
import { scanOperations as S } from '../generated/scan/operations.js';
import { validatorOperations as V } from '../generated/validator/operations.js';

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
  readonly group: 'scan' | 'ledger' | 'validator' | 'registry';
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
/** An entry of the table from the operation's descriptor: its path and HTTP method are the descriptor's. */
const op = (d: Pick<OperationDescriptor, 'group' | 'operationId' | 'method' | 'httpMethod' | 'path' | 'deprecated'>, args: OperationArg[], example?: string): CliOperation => ({
  group: d.group,
  operationId: d.operationId,
  method: d.method,
  httpMethod: d.httpMethod,
  path: d.path,
  deprecated: d.deprecated,
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
  op(S.getDsoPartyId, []),
  op(S.isLive, []),
  op(S.getUpdateHistoryV2, [j('request')], `'{"page_size":10}'`),
  op(S.getUpdateHistoryV1, [j('request')], `'{"page_size":10}'`),
  op(S.getHoldingsStateAtV2, [j('request')], `'{"migration_id":0,"record_time":"2025-06-01T00:00:00Z","record_time_match":"at_or_before","page_size":10,"owner_party_ids":["alice::1220ab"]}'`),
  op(S.getDateOfFirstSnapshotAfter, [j('query')], `'{"after":"2025-06-01T00:00:00Z","migration_id":0}'`),
  op(S.getBulkObjectChecksums, [j('request')], `'{"object_keys":["a/b"]}'`),
  op(S.listVoteRequestsByTrackingCid, [j('request')], `'{"vote_request_contract_ids":["00ab"]}'`),
  op(S.listDsoRulesVoteRequests, []),
  op(S.countVoteRequestResults, [j('request')], `'{}'`),
  op(S.lookupTransferCommandCounterByParty, [s('party')], 'alice::1220ab'),
  op(S.lookupFeaturedAppRight, [s('provider_party_id')], 'provider::1220ab'),
  op(S.getRewardAccountingRootHash, [n('round_number')], '12'),
  op(S.getAmuletConfigForRound, [n('round')], '12'),
  op(L.getUpdatesPage, [j('request')], `'{"updateFormat":{"includeTransactions":{"transactionShape":"TRANSACTION_SHAPE_ACS_DELTA","eventFormat":{"filtersByParty":{"alice::1220ab":{}}}}},"maxPageSize":10}'`),
  op(L.getIdentityProviderConfig, [s('idp-id')], 'idp-simulated'),
  op(L.getTrafficAccount, [s('account-id')], 'alice::1220ab'),
  op(V.listAnsEntries, []),
  op(V.getOpenAndIssuingMiningRounds, []),
  op(V.lookupFeaturedAppRight, [s('provider_party_id')], 'provider::1220ab'),
];
