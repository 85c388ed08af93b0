/**
 * The client: the Canton Ledger JSON API v2, the Splice Scan API, the Splice validator API and the
 * token standard's registry APIs as cold RxJS Observables of decoded records. Runs in Node and in
 * browsers.
 *
 * `createClient` and its groups (`ledger`, `scan`, `validator`, `registry`), the record streams
 * and their checkpoints, the operators that combine them, checkpoint stores and `drainInto`, the
 * errors, and the codecs. Start with docs/streams.md.
 *
 * @packageDocumentation
 * @module canton-rx
 */
// Every name exported here is public API; test/index.spec.ts lists them so that a removal is
// always deliberate.

// Client
export { createClient } from './clientFactory/createClient.js';
export type { CantonClient } from './clientFactory/createClient.js';
export type { LedgerGroup } from './ledger/createLedgerGroup.js';
export type { ValidatorGroup } from './validator/createValidatorGroup.js';
export type { ScanGroup, ScanUpdatesRequest } from './scan/createScanGroup.js';
export type { ClientConfig } from './clientFactory/ClientConfig.js';
export type { GroupConfig, ValidatorGroupConfig, WebSocketConstructor, WebSocketLike } from './client/types.js';
export type { ScanAsk, ScanPoolConfig, ScanPoolEvent, ScanThreshold, ScanLimits } from './pool/types.js';
export type { Fetch, FetchInit, FetchResponse, TokenSource } from './http/types.js';
export { workerFetch } from './http/workerFetch.js';

// Token standard registries (docs/registry.md)
export type { RegistryGroup, RegistryMethods } from './registry/createRegistryGroup.js';
export type { RegistryConfig } from './registry/RegistryConfig.js';

// Sign-in
export { oauthTokenSource } from './auth/oauthTokenSource.js';
export type { OAuthClientCredentials, OAuthPrivateKey, RenewingTokenSource } from './auth/OAuthClientCredentials.js';

// Observability
export type { TelemetryConfig, TracerLike, MeterLike, SpanLike, TelemetryAttributes, OpenTelemetryApiLike } from './telemetry/TelemetryConfig.js';

// Streams
export { checkpointOf } from './streams/checkpointOf.js';
export { checkpointCodecs } from './streams/checkpointCodecs.js';
export { toAsyncIterable } from './streams/toAsyncIterable.js';
export { isHeartbeat } from './streams/isHeartbeat.js';
export type { Heartbeat } from './streams/heartbeat.js';
export type { Checkpoint, LedgerCheckpoint, ScanCheckpoint, ScanActivityCheckpoint, HoldingsCheckpoint } from './streams/checkpoints.js';
export type { StreamOptions, TailingStreamOptions, TailOptions } from './streams/options.js';
export type { LedgerUpdatesOptions, LedgerUpdatesRequest, UpdateFormatInput } from './streams/ledgerUpdates.js';
export type { LedgerSnapshotCheckpoint, ScanSnapshotCheckpoint } from './streams/checkpoints.js';
export type { ScanUpdatesFromSnapshotOptions } from './streams/scanUpdatesFromSnapshot.js';
export type { ScanFeedItem, ScanFeedCheckpoint, ScanSnapshot, ScanSnapshotContract } from './streams/ScanFeedItem.js';
export type { LedgerUpdatesWithSnapshotOptions } from './streams/ledgerUpdatesWithSnapshot.js';
export type { LedgerFeedItem, LedgerFeedCheckpoint, PrunedSnapshot, SnapshotContract } from './streams/LedgerFeedItem.js';
export type { LedgerActiveContractsOptions, LedgerActiveContractsRequest } from './streams/ledgerActiveContracts.js';
export type { LedgerPartiesRequest } from './streams/ledgerParties.js';
export type { LedgerUsersRequest } from './streams/ledgerUsers.js';
export type { LedgerListCheckpoint, LedgerListed } from './streams/LedgerListed.js';
export type { ScanUpdatesOptions } from './streams/scanUpdates.js';
export type { ScanHoldingsOptions } from './streams/scanHoldings.js';
export type { AcsSnapshotCheckpoint, EventsCheckpoint, UpdatesBeforeCheckpoint, ImportUpdatesCheckpoint, ValidatorLicensesCheckpoint } from './streams/checkpoints.js';
export type { VoteResultsCheckpoint, BulkUpdateHistoryCheckpoint, VettedPackagesCheckpoint } from './streams/checkpoints.js';
export type { TokenListed } from './streams/tokenPaged.js';
export type { Page, PageRecord } from './paging/Page.js';
export type { ScanPageStreams } from './streams/scanPageStreams.js';
export type { LedgerPageStreams } from './streams/ledgerPageStreams.js';
export type { VoteResultsRequest } from './streams/scanVoteResults.js';
export type { BulkUpdateHistoryObjectsRequest } from './streams/scanBulkUpdateHistoryObjects.js';
export type { LedgerVettedPackagesRequest } from './streams/ledgerVettedPackages.js';
export type { ScanAcsSnapshotOptions } from './streams/scanAcsSnapshot.js';
export type { ScanEventsOptions } from './streams/scanEvents.js';
export type { ScanUpdatesBeforeOptions } from './streams/scanUpdatesBefore.js';
export type { ScanImportUpdatesOptions } from './streams/scanImportUpdates.js';
export type { ScanValidatorLicensesOptions, ValidatorLicensesRequest } from './streams/scanValidatorLicenses.js';
export type { ScanBackfillOptions } from './backfill/scanBackfill.js';
export type { BackfillSlice } from './backfill/BackfillSlice.js';
export type { LedgerWebSocketStreams } from './ws/ledgerWebSocketStreams.js';
export type { WebSocketStreamOptions, CompletionsCheckpoint } from './ws/options.js';
export type { ActiveContractsOptions } from './ws/activeContractsChannel.js';
export type { WebSocketUpdatesRequest } from './ws/updateChannel.js';
export type { LedgerInterfaceViewsOptions, LedgerInterfaceViewsRequest } from './streams/ledgerInterfaceViews.js';
export type { ViewedContract } from './streams/ViewedContract.js';

// Checkpoint stores and sinks
export { fileCheckpointStore } from './checkpoints/fileCheckpointStore.js';
export type { CheckpointStore, StoredCheckpoint } from './checkpoints/CheckpointStore.js';
export type { SinkError, CheckpointConflict, StoreFailure } from './checkpoints/SinkError.js';
export { drainInto } from './sinks/drainInto.js';
export type { DrainOptions, Committed, DrainElement } from './sinks/drainInto.js';
export { itemIdentity } from './sinks/itemIdentity.js';
export type { ItemKey } from './sinks/itemIdentity.js';

// Analytics: the history as table rows (docs/analytics.md; the writers are in canton-rx/duckdb)
export { flattenUpdates } from './analytics/flattenUpdates.js';
export { toHistoryRows } from './analytics/toHistoryRows.js';
export { historyColumns } from './analytics/historyColumns.js';
export type { HistoryColumn, HistoryTable } from './analytics/historyColumns.js';
export type { HistoryRows, UpdateRow, EventRow, TransferRow, BalanceChangeRow } from './analytics/HistoryRows.js';
export type { Sink, SinkItem } from './sinks/Sink.js';

// Operators
export { rights } from './operators/rights.js';
export { orThrow } from './operators/orThrow.js';
export { CantonRxError } from './operators/CantonRxError.js';
export { retryBackoff } from './retry/retryBackoff.js';
export { mergeFeeds } from './operators/mergeFeeds.js';
export type { MergedUpdate, FeedError, FeedSource, MergeFeedsOptions } from './operators/mergeFeeds.js';
export type { RetryBackoffConfig, RetryInfo } from './retry/retryBackoff.js';

// Errors
export { matchError } from './errors/matchError.js';
export type { CantonErrorHandlers } from './errors/matchError.js';
export { formatError } from './errors/formatError.js';
export { isRetryable } from './errors/isRetryable.js';
export { isRetryableRead } from './errors/isRetryableRead.js';
export type {
  CantonError,
  HttpError,
  NetworkError,
  TimeoutError,
  DecodeError,
  DecodeIssue,
  InvalidRequest,
  RequestIssue,
  ErrorBody,
  JsCantonErrorBody,
  KnownCondition,
  ScanDisagreement,
  ScanAnswer,
} from './errors/CantonError.js';

// Codecs
export * as codecs from './generated/codecs.js';
export { decodeWith, type DecodeOptions } from './codecs/decodeWith.js';
export { unknownMemberOf, type UnknownMember, type UnknownMemberView } from './codecs/common/openMembers.js';
export { compareTimestamps } from './time/compareTimestamps.js';

// Token standard (the ledger's interface views; docs/token-standard.md)
export * as tokenStandard from './codecs/tokenStandard/index.js';
export { tokenStandardInterfaces } from './codecs/tokenStandard/interfaceIds.js';
export { sumDecimals } from './codecs/common/sumDecimals.js';

// Token-standard history (a party's transactions as the upstream parser reads them; docs/token-standard.md)
export { parseTokenStandardTransaction, type TokenStandardParseOptions, type TokenStandardParse } from './tokenStandard/parseTokenStandardTransaction.js';
export { holdingsChangeOf, type HoldingsChange } from './tokenStandard/holdingsChangeOf.js';
export type {
  TokenStandardVersion,
  TokenStandardTransaction,
  TokenStandardEvent,
  TokenStandardLabel,
  TokenStandardHolding,
  TokenStandardHoldingsChange,
  TokenStandardHoldingsChangeSummary,
  TokenStandardContract,
  TokenStandardCreated,
} from './tokenStandard/TokenStandardTransaction.js';
export type { TokenStandardHistoryRequest, TokenStandardHistoryOptions } from './streams/ledgerTokenStandardHistory.js';
export type { TokenBalances, InstrumentBalance } from './streams/ledgerTokenBalances.js';

// Typed Splice payloads (docs/payloads.md)
export * as splice from './codecs/splice/daml/index.js';
export { typedPayloads } from './operators/typedPayloads.js';
export type { TypedItem, TypedPayloadsOptions } from './operators/typedPayloads.js';
export type { TypedEvent, PayloadRefusal } from './activity/typeItem.js';
export type { UserTemplate, JtvDecoder } from './codecs/splice/daml/payloadDecoders.js';
export { activityOf, type ActivityElement, type ActivityHolding, type ActivityInputs } from './activity/activityOf.js';
export { scanActivity, type ActivityItem } from './operators/scanActivity.js';
export type { ScanActivityElement, ScanActivityOptions } from './streams/scanActivity.js';

// Validation (deprecated: the client methods run these checks, from their descriptors)
export { validateCreateAnsEntryRequest } from './validation/validateCreateAnsEntryRequest.js';
export { validateHoldingsStateRequest } from './validation/validateHoldingsStateRequest.js';
export { validateUpdateHistoryRequest } from './validation/validateUpdateHistoryRequest.js';
export { validateGetUpdatesPageRequest } from './validation/validateGetUpdatesPageRequest.js';
export { validateGetActiveContractsPageRequest } from './validation/validateGetActiveContractsPageRequest.js';
export { validateVoteRequestLookup } from './validation/validateVoteRequestLookup.js';
export { validateRound } from './validation/validateRound.js';
export { validateNonEmpty } from './validation/validateNonEmpty.js';

// Operations
export { operationIndex } from './generated/operationIndex.js';
export type { OperationIndexEntry } from './generated/operationIndex.js';
export type { GeneratedLedgerMethods } from './generated/ledger/methods.js';
export type { GeneratedScanMethods } from './generated/scan/methods.js';
export type { GeneratedValidatorMethods } from './generated/validator/methods.js';
export type { GeneratedRegistryMethods } from './generated/registry/methods.js';
