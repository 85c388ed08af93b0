/**
 * Codecs of the Splice Scan API (`{scan_url}` = `https://<scan>/api/scan`), named after their
 * upstream schemas in scan.yaml, common-external.yaml and common-internal.yaml.
 *
 * @packageDocumentation
 */
// Shared Splice schemas (also exported by codecs.validator)
export { Contract } from '../splice/Contract.js';
export { ContractWithState } from '../splice/ContractWithState.js';
export { MaybeCachedContractWithState } from '../splice/MaybeCachedContractWithState.js';
export { MaybeCachedContractWithStateMap } from '../splice/MaybeCachedContractWithStateMap.js';
export { ErrorResponse } from '../splice/ErrorResponse.js';
// Update history (/v1/updates, /v2/updates, /v2/updates/{update_id})
export { DamlValueEncoding } from './DamlValueEncoding.js';
export { UpdateHistoryRequestAfter } from './UpdateHistoryRequestAfter.js';
export { UpdateHistoryRequestV1 } from './UpdateHistoryRequestV1.js';
export { UpdateHistoryRequestV2 } from './UpdateHistoryRequestV2.js';
export { UpdateHistoryResponse } from './UpdateHistoryResponse.js';
export { UpdateHistoryResponseV2 } from './UpdateHistoryResponseV2.js';
export { UpdateHistoryItem, type UnknownUpdateHistoryItem } from './UpdateHistoryItem.js';
export { UpdateHistoryItemV2, type UnknownUpdateHistoryItemV2 } from './UpdateHistoryItemV2.js';
export { UpdateHistoryTransaction } from './UpdateHistoryTransaction.js';
export { UpdateHistoryTransactionV2 } from './UpdateHistoryTransactionV2.js';
export { UpdateHistoryReassignment } from './UpdateHistoryReassignment.js';
export { UpdateHistoryAssignment } from './UpdateHistoryAssignment.js';
export { UpdateHistoryUnassignment } from './UpdateHistoryUnassignment.js';
export { TreeEvent, type UnknownTreeEvent } from './TreeEvent.js';
export { CreatedEvent } from './CreatedEvent.js';
export { ExercisedEvent } from './ExercisedEvent.js';
// ACS snapshots and holdings
export { HoldingsStateRequestV2 } from './HoldingsStateRequestV2.js';
export { AcsResponseV2 } from './AcsResponseV2.js';
export { AcsRequestV2 } from './AcsRequestV2.js';
export { ActiveContract } from './ActiveContract.js';
export { AcsResponse } from './AcsResponse.js';
export { AcsSnapshotTimestampResponse } from './AcsSnapshotTimestampResponse.js';
// Bulk history
export { GetBulkObjectChecksumsResponse } from './GetBulkObjectChecksumsResponse.js';
// Votes
export { ListVoteRequestByTrackingCidResponse } from './ListVoteRequestByTrackingCidResponse.js';
export { ListDsoRulesVoteRequestsResponse } from './ListDsoRulesVoteRequestsResponse.js';
export { CountVoteResultsRequest } from './CountVoteResultsRequest.js';
export { CountVoteResultsResponse } from './CountVoteResultsResponse.js';
// Reference data
export { GetDsoPartyIdResponse } from './GetDsoPartyIdResponse.js';
export { EventLatestRecordTimeResponse } from './EventLatestRecordTimeResponse.js';
export { LookupFeaturedAppRightResponse } from './LookupFeaturedAppRightResponse.js';
export { LookupTransferCommandCounterByPartyResponse } from './LookupTransferCommandCounterByPartyResponse.js';
export { GetOpenAndIssuingMiningRoundsRequest } from './GetOpenAndIssuingMiningRoundsRequest.js';
export { GetOpenAndIssuingMiningRoundsResponse } from './GetOpenAndIssuingMiningRoundsResponse.js';
export { GetAmuletConfigForRoundResponse } from './GetAmuletConfigForRoundResponse.js';
export { SteppedRate } from './SteppedRate.js';
export { RateStep } from './RateStep.js';
// Reward accounting
export { GetRewardAccountingRootHashResponse, type UnknownRewardAccountingRootHash } from './GetRewardAccountingRootHashResponse.js';
export { RewardAccountingRootHashOk } from './RewardAccountingRootHashOk.js';
export { RewardAccountingRootHashUndetermined } from './RewardAccountingRootHashUndetermined.js';
export { RewardAccountingRootHashCannotProvide } from './RewardAccountingRootHashCannotProvide.js';
export { RewardAccountingRootHashWithoutStatus } from './RewardAccountingRootHashWithoutStatus.js';
export { ListDsoScansResponse } from './ListDsoScansResponse.js';
export { GetMigrationInfoResponse } from './GetMigrationInfoResponse.js';
