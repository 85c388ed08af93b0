/**
 * Codecs of the Canton Ledger JSON API v2 (`{ledger_url}`), named after their upstream schemas
 * in the participant's openapi.yaml.
 *
 * @packageDocumentation
 */
export { JsCantonError } from './JsCantonError.js';
export { Empty } from './Empty.js';
export { TraceContext } from './TraceContext.js';
export { UnknownFieldSet, ProtoAny, JsStatus, JsInterfaceView } from './JsInterfaceView.js';
export { CreatedEvent, ArchivedEvent, ExercisedEvent, Event } from './Event.js';
export { JsTransaction } from './JsTransaction.js';
export { JsAssignmentEvent, UnassignedEvent, JsUnassignedEvent, JsReassignmentEvent, JsReassignment } from './JsReassignment.js';
export {
  ParticipantPermission,
  ParticipantAuthorizationAdded1,
  ParticipantAuthorizationChanged1,
  ParticipantAuthorizationOnboarding1,
  ParticipantAuthorizationRevoked1,
  TopologyEventEvent,
  TopologyEvent,
  JsTopologyTransaction,
} from './JsTopologyTransaction.js';
export { SynchronizerTime, OffsetCheckpoint } from './OffsetCheckpoint.js';
export { Update, JsGetUpdateResponse, JsGetUpdatesResponse } from './Update.js';
export {
  TemplateFilter1,
  InterfaceFilter1,
  WildcardFilter1,
  IdentifierFilter,
  CumulativeFilter,
  Filters,
  EventFormat,
  TransactionShape,
  TransactionFormat,
  ParticipantAuthorizationTopologyFormat,
  TopologyFormat,
  UpdateFormat,
} from './UpdateFormat.js';
export { GetUpdatesPageRequest, JsGetUpdatesPageResponse } from './GetUpdatesPage.js';
export { IdentityProviderConfig, GetIdentityProviderConfigResponse } from './IdentityProviderConfig.js';
export { GetAccountResponse } from './GetAccountResponse.js';
export { TransactionFilter, GetUpdatesRequest } from './GetUpdatesRequest.js';
export { TreeEvent, JsTransactionTree, Update1, JsGetUpdateTreesResponse } from './JsGetUpdateTreesResponse.js';
export { CompletionStreamRequest } from './CompletionStreamRequest.js';
export { GetCompletionsRequest } from './GetCompletionsRequest.js';
export { Duration, DeduplicationPeriod, Completion1, CompletionResponse, CompletionStreamResponse } from './CompletionStreamResponse.js';
export { GetActiveContractsRequest } from './GetActiveContractsRequest.js';
export { GetLatestPrunedOffsetsResponse } from './GetLatestPrunedOffsetsResponse.js';
export { GetActiveContractsPageRequest } from './GetActiveContractsPageRequest.js';
export { JsAssignedEvent } from './JsAssignedEvent.js';
export { JsActiveContract } from './JsActiveContract.js';
export { JsEmpty } from './JsEmpty.js';
export { JsIncompleteAssigned } from './JsIncompleteAssigned.js';
export { JsIncompleteUnassigned } from './JsIncompleteUnassigned.js';
export { JsContractEntry } from './JsContractEntry.js';
export { JsGetActiveContractsResponse } from './JsGetActiveContractsResponse.js';
export { JsGetActiveContractsPageResponse } from './JsGetActiveContractsPageResponse.js';
