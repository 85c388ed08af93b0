// Everything in which canton-rx deviates from the upstream specs, in one reviewed place: the
// generator (scripts/codegen.mjs) reads this module and nothing else of ours. Every entry has a
// one-line reason citing ../shared/notes/upstream-api.md (the notes, by section), a fixture under
// test/fixtures, or the existing hand code. See docs/codegen.md.
import { readFileSync } from 'node:fs';

/**
 * Readable method names. Canton's operationIds spell the HTTP method and the path
 * (`postV2CommandsSubmit-and-wait`): every one is named here. Splice's operationIds are already
 * readable method names and are kept, except where two operations of one group would share a name.
 */
export const methodNames = {
  ledger: {
    'postV2CommandsSubmit-and-wait': 'submitAndWait',
    'postV2CommandsSubmit-and-wait-for-transaction': 'submitAndWaitForTransaction',
    'postV2CommandsSubmit-and-wait-for-reassignment': 'submitAndWaitForReassignment',
    'postV2CommandsSubmit-and-wait-for-transaction-tree': 'submitAndWaitForTransactionTree',
    postV2CommandsAsyncSubmit: 'submitAsync',
    'postV2CommandsAsyncSubmit-reassignment': 'submitReassignmentAsync',
    postV2CommandsCompletions: 'listCompletions',
    'postV2CommandsCommand-completions': 'listCommandCompletions',
    'postV2CommandsCompletion-by-hash': 'getCompletionByHash',
    'postV2EventsEvents-by-contract-id': 'getEventsByContractId',
    getV2Version: 'getVersion',
    postV2DarsValidate: 'validateDar',
    postV2Dars: 'uploadDar',
    getV2Packages: 'listPackages',
    postV2Packages: 'uploadPackage',
    'getV2PackagesPackage-id': 'getPackage',
    'getV2PackagesPackage-idStatus': 'getPackageStatus',
    'getV2Package-vetting': 'listVettedPackagesByGet',
    'postV2Package-vetting': 'updateVettedPackagesByPost',
    'postV2Package-vettingList': 'listVettedPackages',
    'postV2Package-vettingUpdate': 'updateVettedPackages',
    getV2Parties: 'listKnownParties',
    postV2Parties: 'allocateParty',
    postV2PartiesExternalAllocate: 'allocateExternalParty',
    'getV2PartiesParticipant-id': 'getParticipantId',
    getV2PartiesParty: 'getParties',
    patchV2PartiesParty: 'updatePartyDetails',
    'postV2PartiesExternalGenerate-topology': 'generateExternalPartyTopology',
    'postV2StateActive-contracts': 'listActiveContracts',
    'getV2StateActive-contracts-page': 'getActiveContractsPageByGet',
    'postV2StateActive-contracts-page': 'getActiveContractsPage',
    'getV2StateConnected-synchronizers': 'getConnectedSynchronizers',
    'getV2StateLedger-end': 'getLedgerEnd',
    'getV2StateLatest-pruned-offsets': 'getLatestPrunedOffsets',
    postV2Updates: 'listUpdates',
    postV2UpdatesFlats: 'listUpdateFlats',
    postV2UpdatesTrees: 'listUpdateTrees',
    'getV2UpdatesTransaction-tree-by-offsetOffset': 'getTransactionTreeByOffset',
    'postV2UpdatesTransaction-by-offset': 'getTransactionByOffset',
    'postV2UpdatesUpdate-by-offset': 'getUpdateByOffset',
    'postV2UpdatesTransaction-by-id': 'getTransactionById',
    'postV2UpdatesUpdate-by-id': 'getUpdateById',
    'postV2UpdatesUpdate-by-hash': 'getUpdateByHash',
    'getV2UpdatesTransaction-tree-by-idUpdate-id': 'getTransactionTreeById',
    'postV2UpdatesGet-updates-page': 'getUpdatesPage',
    getV2Users: 'listUsers',
    postV2Users: 'createUser',
    'getV2UsersUser-id': 'getUser',
    'deleteV2UsersUser-id': 'deleteUser',
    'patchV2UsersUser-id': 'updateUser',
    'getV2Authenticated-user': 'getAuthenticatedUser',
    'getV2UsersUser-idRights': 'listUserRights',
    'postV2UsersUser-idRights': 'grantUserRights',
    'patchV2UsersUser-idRights': 'revokeUserRights',
    'patchV2UsersUser-idIdentity-provider-id': 'updateUserIdentityProviderId',
    getV2Idps: 'listIdentityProviderConfigs',
    postV2Idps: 'createIdentityProviderConfig',
    'getV2IdpsIdp-id': 'getIdentityProviderConfig',
    'deleteV2IdpsIdp-id': 'deleteIdentityProviderConfig',
    'patchV2IdpsIdp-id': 'updateIdentityProviderConfig',
    'postV2Interactive-submissionPrepare': 'prepareSubmission',
    'postV2Interactive-submissionExecute': 'executeSubmission',
    'postV2Interactive-submissionExecuteandwait': 'executeSubmissionAndWait',
    'postV2Interactive-submissionExecuteandwaitfortransaction': 'executeSubmissionAndWaitForTransaction',
    'getV2Interactive-submissionPreferred-package-version': 'getPreferredPackageVersion',
    'postV2Interactive-submissionPreferred-packages': 'getPreferredPackages',
    getLivez: 'isLive',
    getReadyz: 'isReady',
    'postV2ContractsContract-by-id': 'getContract',
    getV2JoseJwks: 'getJwks',
  },
  scan: {},
  validator: {
    // scan-proxy.yaml's listAnsEntries (`/v0/scan-proxy/ans-entries`) and ans-external.yaml's
    // (`/v0/entry/all`, the existing `validator.listAnsEntries`) share an operationId.
    'scan-proxy.yaml#listAnsEntries': 'listScanProxyAnsEntries',
  },
  // The token standard (docs/registry.md): v2 files repeat v1's operationIds (suffix V2), and the
  // preapproval draft reuses the transfer instruction's (named after what they get).
  registry: {
    'transfer-instruction-v2.yaml#getTransferFactory': 'getTransferFactoryV2',
    'transfer-instruction-v2.yaml#getTransferInstructionAcceptContext': 'getTransferInstructionAcceptContextV2',
    'transfer-instruction-v2.yaml#getTransferInstructionRejectContext': 'getTransferInstructionRejectContextV2',
    'transfer-instruction-v2.yaml#getTransferInstructionWithdrawContext': 'getTransferInstructionWithdrawContextV2',
    'allocation-instruction-v2.yaml#getAllocationFactory': 'getAllocationFactoryV2',
    'allocation-v2.yaml#getAllocationWithdrawContext': 'getAllocationWithdrawContextV2',
    'allocation-v2.yaml#getAllocationCancelContext': 'getAllocationCancelContextV2',
    'transfer-preapproval-v1.yaml#getTransferInstructionRenewContext': 'getPreapprovalRenewContext',
    'transfer-preapproval-v1.yaml#getTransferInstructionAcceptContext': 'getPreapprovalAcceptContext',
    'transfer-preapproval-v1.yaml#getTransferInstructionWithdrawContext': 'getPreapprovalCancelContext',
  },
};

/**
 * Operations whose method is written by hand in the group file (src/ledger, src/scan,
 * src/validator): the generator writes their descriptor and index entry but no method, so that
 * the hand method (same name) is the one. A hand method is an adapter of its argument shape over
 * the descriptor (`invokeOperation`): its validation and conditions are the descriptor's
 * (requestValidations, conditions below). `example` is the argument list of the hand method,
 * which the upstream spec accepts.
 */
export const handMethods = {
  ledger: {
    // The JsGetUpdatesPageResponse fast path; validation: requestValidations.getUpdatesPageRequest.
    'postV2UpdatesGet-updates-page': {
      example: [{ updateFormat: { includeTransactions: { eventFormat: { filtersForAnyParty: {} }, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' } }, maxPageSize: 10 }],
    },
    // Existing method (idp-id must not be empty), notes §3.3.
    'getV2IdpsIdp-id': { example: ['default'] },
    // Methods of the pruning resume (ledger.updatesWithSnapshot), kept with their existing names.
    'getV2StateLatest-pruned-offsets': { example: [] },
    'postV2StateActive-contracts-page': { example: [{ activeAtOffset: 1, eventFormat: { filtersForAnyParty: {} }, maxPageSize: 10 }] },
  },
  scan: {
    // Existing methods (src/scan/createScanGroup.ts): their signatures, and the bulk checksums' chunking.
    getUpdateHistoryV1: { example: [{ page_size: 10 }] },
    getUpdateHistoryV2: { example: [{ page_size: 10 }] },
    getHoldingsStateAtV2: { example: [{ migration_id: 0, record_time: '2024-09-20T13:31:28.405180Z', page_size: 10, owner_party_ids: ['Alice::1220aa'] }] },
    getDateOfFirstSnapshotAfter: { example: [{ after: '2024-09-20T13:31:28.405180Z', migration_id: 0 }] },
    getBulkObjectChecksums: { example: [{ object_keys: ['updates/0/0.zst'] }] },
    listVoteRequestsByTrackingCid: { example: [{ vote_request_contract_ids: ['00aa'] }] },
    listDsoRulesVoteRequests: { example: [] },
    countVoteRequestResults: { example: [{}] },
    lookupTransferCommandCounterByParty: { example: ['Alice::1220aa'] },
    lookupFeaturedAppRight: { example: ['Alice::1220aa'] },
    getDsoPartyId: { example: [] },
    getRewardAccountingRootHash: { example: [1] },
    // The hand method takes the round itself, not a query object.
    getAmuletConfigForRound: { example: [1] },
    // The hand method answers Right(false) on 503 (notes §5.14).
    isLive: { example: [] },
    // Existing method (requestValidations.acsSnapshotRequest; scan.updatesFromSnapshot reads it).
    getAcsSnapshotAtV2: { example: [{ migration_id: 1, record_time: '2024-09-20T13:31:28.405180Z', page_size: 1 }] },
  },
  validator: {
    // Takes the configured ANS acronym as the context of requestValidations.ansEntryRequest.
    createAnsEntry: { example: [{ name: 'alice.unverified.cns', url: 'https://alice.example.com', description: 'Alice' }] },
    // ans-external.yaml's; scan-proxy.yaml's listAnsEntries is generated (listScanProxyAnsEntries).
    'ans-external.yaml#listAnsEntries': { example: [] },
    getOpenAndIssuingMiningRounds: { example: [] },
    lookupFeaturedAppRight: { example: ['Alice::1220aa'] },
  },
  registry: {},
};

/**
 * Schemas decoded by the hand codecs of src/codecs. A generated codec that refers to one of these
 * names uses the hand codec (its `is`, a fast guard, in the generated guards). Each name maps to
 * the hand module's export of the same name. Every hand codec follows the one rule set
 * (codecRules, docs/codecs.md) and is compiled (withFastGuard) where it decodes a response.
 * The comment of each entry says what it does that the generator cannot from the spec; "plain
 * shape" marks the ones with no such reason, kept because hand methods, streams and the pool
 * import them by module while those are reduced to descriptor adapters (issue 18, part 2):
 * removing such an entry and its module is the whole move to the generator.
 */
export const handCodecs = {
  ledger: {
    // notes §3.5.11: `resources` entries exactly two strings (t.tuple would cut a longer array);
    // its type is the errors' JsCantonErrorBody (the errors sit below the codecs).
    JsCantonError: 'JsCantonError',
    // notes §3.5.4-3.5.7 and the 3.3/3.4-era fixtures: fields the specs require but those servers
    // omit (acsDelta, representativePackageId) optional, createArgument may be null,
    // JsGetUpdateResponse.update required (optional in the spec, yet an element without it carries
    // nothing), ParticipantPermission naming the known values; hand guards for pages of thousands.
    Update: 'Update',
    CreatedEvent: 'CreatedEvent',
    ArchivedEvent: 'ArchivedEvent',
    ExercisedEvent: 'ExercisedEvent',
    Event: 'Event',
    JsTransaction: 'JsTransaction',
    JsReassignment: 'JsReassignment',
    JsReassignmentEvent: 'JsReassignmentEvent',
    UnassignedEvent: 'UnassignedEvent',
    JsTopologyTransaction: 'JsTopologyTransaction',
    TopologyEvent: 'TopologyEvent',
    TopologyEventEvent: 'TopologyEventEvent',
    OffsetCheckpoint: 'OffsetCheckpoint',
    SynchronizerTime: 'SynchronizerTime',
    TraceContext: 'TraceContext',
    JsInterfaceView: 'JsInterfaceView',
    JsStatus: 'JsStatus',
    ProtoAny: 'ProtoAny',
    UnknownFieldSet: 'UnknownFieldSet',
    // notes §3.5.6: the `{"Empty": {}}` variant's payload.
    Empty: 'Empty',
    JsGetUpdateResponse: 'JsGetUpdateResponse',
    JsGetUpdatesResponse: 'JsGetUpdatesResponse',
    // notes §3.5.1: filters and formats (plain shapes: the streams and WebSocket channels build them).
    UpdateFormat: 'UpdateFormat',
    EventFormat: 'EventFormat',
    TransactionFormat: 'TransactionFormat',
    TopologyFormat: 'TopologyFormat',
    Filters: 'Filters',
    CumulativeFilter: 'CumulativeFilter',
    IdentifierFilter: 'IdentifierFilter',
    // notes §3.1: the page request and response of /v2/updates/get-updates-page (update required, as above).
    GetUpdatesPageRequest: 'GetUpdatesPageRequest',
    JsGetUpdatesPageResponse: 'JsGetUpdatesPageResponse',
    // notes §3.3 (plain shapes: the hand method imports them).
    IdentityProviderConfig: 'IdentityProviderConfig',
    GetIdentityProviderConfigResponse: 'GetIdentityProviderConfigResponse',
    // The WebSocket channels' messages (docs/ledger-ws.md), also the bodies of their HTTP twins:
    // the deprecated tree shapes and completions, with the 3.3-era optional fields as above.
    TransactionFilter: 'TransactionFilter',
    GetUpdatesRequest: 'GetUpdatesRequest',
    TreeEvent: 'TreeEvent',
    JsTransactionTree: 'JsTransactionTree',
    Update1: 'Update1',
    JsGetUpdateTreesResponse: 'JsGetUpdateTreesResponse',
    CompletionStreamRequest: 'CompletionStreamRequest',
    GetCompletionsRequest: 'GetCompletionsRequest',
    Duration: 'Duration',
    DeduplicationPeriod: 'DeduplicationPeriod',
    Completion1: 'Completion1',
    CompletionResponse: 'CompletionResponse',
    CompletionStreamResponse: 'CompletionStreamResponse',
    GetActiveContractsRequest: 'GetActiveContractsRequest',
    JsActiveContract: 'JsActiveContract',
    JsEmpty: 'JsEmpty',
    JsAssignedEvent: 'JsAssignedEvent',
    JsIncompleteAssigned: 'JsIncompleteAssigned',
    JsIncompleteUnassigned: 'JsIncompleteUnassigned',
    JsContractEntry: 'JsContractEntry',
    JsGetActiveContractsResponse: 'JsGetActiveContractsResponse',
    // The pruning resume's reads (ledger.updatesWithSnapshot): plain shapes the stream imports.
    GetLatestPrunedOffsetsResponse: 'GetLatestPrunedOffsetsResponse',
    GetActiveContractsPageRequest: 'GetActiveContractsPageRequest',
    JsGetActiveContractsPageResponse: 'JsGetActiveContractsPageResponse',
  },
  scan: {
    // notes §5.2 and §5.15: the untagged update-history unions told apart by present fields, with
    // one error naming both members (a generated t.union reports every member's errors); v1's hex
    // offset (HexString); the request's contract_value_encoding alias.
    UpdateHistoryRequestV1: 'UpdateHistoryRequestV1',
    UpdateHistoryRequestV2: 'UpdateHistoryRequestV2',
    UpdateHistoryRequestAfter: 'UpdateHistoryRequestAfter',
    UpdateHistoryResponse: 'UpdateHistoryResponse',
    UpdateHistoryResponseV2: 'UpdateHistoryResponseV2',
    UpdateHistoryItem: 'UpdateHistoryItem',
    UpdateHistoryItemV2: 'UpdateHistoryItemV2',
    UpdateHistoryTransaction: 'UpdateHistoryTransaction',
    UpdateHistoryTransactionV2: 'UpdateHistoryTransactionV2',
    UpdateHistoryReassignment: 'UpdateHistoryReassignment',
    UpdateHistoryAssignment: 'UpdateHistoryAssignment',
    UpdateHistoryUnassignment: 'UpdateHistoryUnassignment',
    // notes §0.6: tree events discriminated by event_type, an unknown one named in the error.
    TreeEvent: 'TreeEvent',
    CreatedEvent: 'CreatedEvent',
    ExercisedEvent: 'ExercisedEvent',
    DamlValueEncoding: 'DamlValueEncoding',
    // notes §5.3: owner_party_ids non-empty (requests); AcsResponse is the /v0 envelope the
    // current spec no longer has (numeric token, # event ids); the rest plain shapes.
    HoldingsStateRequestV2: 'HoldingsStateRequestV2',
    AcsResponseV2: 'AcsResponseV2',
    ActiveContract: 'ActiveContract',
    AcsSnapshotTimestampResponse: 'AcsSnapshotTimestampResponse',
    AcsRequestV2: 'AcsRequestV2',
    // notes §5.5: {"value": null} for a missing object (plain shape).
    GetBulkObjectChecksumsResponse: 'GetBulkObjectChecksumsResponse',
    // notes §5.6-5.8 (plain shapes).
    ListVoteRequestByTrackingCidResponse: 'ListVoteRequestByTrackingCidResponse',
    ListDsoRulesVoteRequestsResponse: 'ListDsoRulesVoteRequestsResponse',
    CountVoteResultsRequest: 'CountVoteResultsRequest',
    CountVoteResultsResponse: 'CountVoteResultsResponse',
    // notes §5.9-5.11 (plain shapes).
    GetDsoPartyIdResponse: 'GetDsoPartyIdResponse',
    // A plain shape, by hand so that scan.updates (its server end, for telemetry) reads no generated codec:
    // a browser app's first chunk then holds none of them (docs/browser.md, "Size").
    EventLatestRecordTimeResponse: 'EventLatestRecordTimeResponse',
    LookupFeaturedAppRightResponse: 'LookupFeaturedAppRightResponse',
    LookupTransferCommandCounterByPartyResponse: 'LookupTransferCommandCounterByPartyResponse',
    // notes §5.15: Scan's POST variant with maps and time_to_live_in_microseconds (plain shapes).
    GetOpenAndIssuingMiningRoundsRequest: 'GetOpenAndIssuingMiningRoundsRequest',
    GetOpenAndIssuingMiningRoundsResponse: 'GetOpenAndIssuingMiningRoundsResponse',
    // notes §5.13 (plain shapes).
    GetAmuletConfigForRoundResponse: 'GetAmuletConfigForRoundResponse',
    SteppedRate: 'SteppedRate',
    RateStep: 'RateStep',
    // notes §5.12: the status union, an unknown status named, and the older answer without status.
    GetRewardAccountingRootHashResponse: 'GetRewardAccountingRootHashResponse',
    RewardAccountingRootHashOk: 'RewardAccountingRootHashOk',
    RewardAccountingRootHashUndetermined: 'RewardAccountingRootHashUndetermined',
    RewardAccountingRootHashCannotProvide: 'RewardAccountingRootHashCannotProvide',
    // The pool's reads (plain shapes the pool imports).
    ListDsoScansResponse: 'ListDsoScansResponse',
    GetMigrationInfoResponse: 'GetMigrationInfoResponse',
    // notes §2.2: the shared Splice shapes, one object under codecs.scan and codecs.validator (plain shapes).
    Contract: 'Contract',
    ContractWithState: 'ContractWithState',
    MaybeCachedContractWithState: 'MaybeCachedContractWithState',
    MaybeCachedContractWithStateMap: 'MaybeCachedContractWithStateMap',
    ErrorResponse: 'ErrorResponse',
  },
  validator: {
    // notes §2.2 and the validator fixtures: Scan's shared Splice codecs (plain shapes).
    Contract: 'Contract',
    ContractWithState: 'ContractWithState',
    MaybeCachedContractWithState: 'MaybeCachedContractWithState',
    ErrorResponse: 'ErrorResponse',
    // The ANS request and answers of the hand ANS methods (plain shapes).
    CreateAnsEntryRequest: 'CreateAnsEntryRequest',
    CreateAnsEntryResponse: 'CreateAnsEntryResponse',
    AnsEntryResponse: 'AnsEntryResponse',
    ListAnsEntriesResponse: 'ListAnsEntriesResponse',
    // notes §5.15: the scan-proxy variant is a GET returning arrays.
    GetOpenAndIssuingMiningRoundsProxyResponse: 'GetOpenAndIssuingMiningRoundsProxyResponse',
    LookupFeaturedAppRightResponse: 'LookupFeaturedAppRightResponse',
  },
  // The token standard's schemas are all generated.
  registry: {},
};

/**
 * Open unions (docs/codecs.md, "Open unions"): a member no spec names decodes as an unknown member
 * (the JSON as it came, its tag carrying the unknown name) instead of a DecodeError that ends the
 * feed; the client's `strict` option refuses it again. Splice's bulk data guidance is that readers
 * must tolerate new types, and both servers add variants between minor versions. Listed by group
 * and codec name, each with its reason; the generator writes the list to
 * src/codecs/common/openUnions.ts, which the hand codecs and the generated ones read, and
 * test/codegen/openUnions.spec.ts holds the codecs to it. Not listed, so closed: the unions of
 * requests (commands, filters, vetting changes: what we send, which a newer server does not
 * change under us), and the untagged unions of single answers (NodeStatus, the reward accounting
 * batches, TransferCommandContractStatus, UpdateHistoryItemV2WithHash), where an object that
 * matches no member is more likely a broken answer than a new one. The reward accounting answers
 * told apart by `status` are open: the activity totals' `status` is a plain string in the spec,
 * and the root hash's (a hand codec) takes a new status as an unknown member.
 * Every string enum of the answers is open already (codecRules.enum, openEnum); `strict` refuses
 * their unknown values too.
 */
export const openUnions = {
  ledger: {
    // The update stream's items (notes §3.5); an unknown kind must keep value.offset, which the checkpoint reads.
    Update: 'a new update kind; carries value.offset, so the checkpoint advances past it',
    // The deprecated tree stream's items, same reason.
    Update1: 'a new update kind of the tree stream; carries value.offset',
    // A transaction's events (notes §3.5.4).
    Event: 'a new event type within a transaction',
    // The deprecated trees' events.
    TreeEvent: 'a new event type within a transaction tree',
    // A reassignment's events (notes §3.5.7).
    JsReassignmentEvent: 'a new reassignment event',
    // A topology transaction's events (participant authorizations).
    TopologyEventEvent: 'a new topology event',
    // The ACS stream's entries; the stream's checkpoint is its snapshot offset, not the entry's.
    JsContractEntry: 'a new kind of active contract entry',
    // The completion stream's items.
    CompletionResponse: 'a new kind of completion stream item',
    // A user's rights (listUserRights, getUser): a newer participant grants new kinds of rights.
    Kind: 'a new kind of user right',
    // The token standard's transfer instruction status, a Daml variant by `tag` (src/codecs/tokenStandard): a newer registry may add one.
    TransferInstructionStatus: 'a new status of a token-standard transfer instruction',
  },
  scan: {
    // notes §0.6: tree events by event_type.
    TreeEvent: 'a new event_type in events_by_id',
    // notes §5.2: the history's items, told apart by present fields; an unknown item must carry
    // update_id, migration_id and record_time, the cursor of the Scan streams.
    UpdateHistoryItem: 'a new kind of update history item (v1); carries the Scan cursor',
    UpdateHistoryItemV2: 'a new kind of update history item (v2, also the event history\'s update); carries the Scan cursor',
    // A reassignment item's event: assignment or unassignment; an unknown one keeps migration_id, which the cursor reads.
    ReassignmentEvent: 'a new kind of reassignment event; carries migration_id',
    // getRewardAccountingRootHash's answer by `status` (Ok, Undetermined, CannotProvide): a newer Scan may add one.
    GetRewardAccountingRootHashResponse: 'a new status of a round\'s reward accounting root hash',
  },
  validator: {},
  registry: {},
};

/**
 * Token-standard files whose operations Scan does not serve (Amulet's registry answers them with a
 * 404), by file name: what each such method's TSDoc adds, and the docs table's last column
 * ("not served by Scan"). Kept, not dropped: another admin's registry may serve them.
 */
export const specFileNotes = {
  'transfer-preapproval-v1.yaml': 'A draft of the token standard that never reached upstream Splice: Scan does not mount it (Amulet\'s registry answers 404); kept for registries that serve it.',
  'conditional-lock-v1.yaml': 'The conditional-lock API (splice-api-token-conditional-lock-v1), not on upstream Splice main: Scan does not serve it (Amulet\'s registry answers 404); a registry that implements it does.',
};

/**
 * What the TSDoc of a deprecated method of a group adds: Canton 3.6.1 disables the endpoints
 * deprecated in 3.4 and 3.5 by default (answer DEPRECATED_API_DISABLED), 3.7 removes them
 * (docs/errors.md, Conditions).
 */
export const deprecationNotes = {
  ledger: "A participant that has disabled it (Canton 3.6.1's default) answers an `HttpError` with `condition: 'DeprecatedApiDisabled'` and `replacement: '{replacement}'`.",
};

/** Replacements of deprecated operations, by method name (the specs say so only in prose). */
export const replacements = {
  ledger: {
    submitAndWaitForTransactionTree: 'submitAndWaitForTransaction',
    listVettedPackagesByGet: 'listVettedPackages',
    updateVettedPackagesByPost: 'updateVettedPackages',
    getActiveContractsPageByGet: 'getActiveContractsPage',
    listUpdateFlats: 'listUpdates',
    listUpdateTrees: 'listUpdates',
    getTransactionTreeByOffset: 'getUpdateByOffset',
    getTransactionByOffset: 'getUpdateByOffset',
    getTransactionById: 'getUpdateById',
    getTransactionTreeById: 'getUpdateById',
    getPreferredPackageVersion: 'getPreferredPackages',
  },
  scan: {
    getUpdateHistoryV1: 'getUpdateHistoryV2',
    getUpdateByIdV1: 'getUpdateByIdV2',
    getUpdateHistory: 'getUpdateHistoryV2',
    getUpdateById: 'getUpdateByIdV2',
    getHoldingsSummaryAt: 'getHoldingsSummaryAtV1',
    getAcsSnapshot: 'getAcsSnapshotAtV2',
    getAmuletConfigForRound: 'getAmuletRules',
  },
  validator: {
    getHoldingsSummaryAt: 'getHoldingsSummaryAtV1',
  },
  registry: {},
};

/**
 * Known conditions (src/errors/matchesCondition.ts) that an operation's errors are marked with,
 * by invokeOperation, whether its method is generated or written by hand.
 */
export const conditions = {
  ledger: {
    // notes §3.1: pruned offsets and stale page tokens of the paged ledger reads.
    getActiveContractsPage: ['ParticipantPruned', 'InvalidPageToken'],
    getActiveContractsPageByGet: ['ParticipantPruned', 'InvalidPageToken'],
    listUpdates: ['ParticipantPruned'],
    listActiveContracts: ['ParticipantPruned'],
  },
  scan: {
    // notes §5.3 and §5.4: "No snapshots found ..." 404s of the snapshot reads.
    getDateOfMostRecentSnapshotBefore: ['SnapshotNotFound'],
    getDateOfFirstSnapshotAfter: ['SnapshotNotFound'],
    getAcsSnapshotAtV2: ['SnapshotNotFound'],
    getHoldingsStateAtV2: ['SnapshotNotFound'],
    // notes §5.9: "No TransferCommandCounter found for party" (use nonce 0).
    lookupTransferCommandCounterByParty: ['NoTransferCommandCounter'],
    // notes §5.5: bulk storage not configured, 400 from the server, 501 per the spec.
    listBulkAcsSnapshotObjects: ['BulkStorageNotConfigured'],
    listBulkUpdateHistoryObjects: ['BulkStorageNotConfigured'],
    getBulkObjectsProgress: ['BulkStorageNotConfigured'],
    getBulkObjectChecksums: ['BulkStorageNotConfigured'],
  },
  validator: {
    // notes §5.9: the same Scan answer, proxied.
    lookupTransferCommandCounterByParty: ['NoTransferCommandCounter'],
  },
  registry: {},
};

/**
 * Paged operations: the request carries a cursor (page token, `after`, `before`) that the
 * previous answer hands back. Read from the specs' field names, checked by hand.
 */
export const paged = {
  ledger: ['getUpdatesPage', 'getActiveContractsPage', 'getActiveContractsPageByGet', 'listKnownParties', 'listUsers', 'listVettedPackages', 'listVettedPackagesByGet'],
  scan: [
    'getUpdateHistoryV1',
    'getUpdateHistoryV2',
    'getUpdateHistory',
    'getHoldingsStateAtV2',
    'getAcsSnapshotAtV2',
    'getEventHistory',
    'getUpdatesBefore',
    'getImportUpdates',
    'listValidatorLicenses',
    'listVoteRequestResults',
    'listBulkUpdateHistoryObjects',
  ],
  validator: [],
  // The token standard's instrument list: pageToken / nextPageToken.
  registry: ['listInstruments'],
};

/**
 * Operations that cannot be sent as the spec describes: the method answers an `InvalidRequest`
 * naming the reason and the replacement, and sends nothing.
 */
export const unsendable = {
  ledger: {
    // The spec gives these GETs a required JSON body; fetch (and browsers) refuse a GET with a
    // body. Both are deprecated for their POST twins.
    listVettedPackagesByGet: 'a GET with a body cannot be sent with fetch: use listVettedPackages (POST /v2/package-vetting/list)',
    getActiveContractsPageByGet: 'a GET with a body cannot be sent with fetch: use getActiveContractsPage (POST /v2/state/active-contracts-page)',
  },
  scan: {},
  validator: {},
  registry: {},
};

/**
 * Examples for operations whose synthesized minimal example the spec accepts but the server
 * semantics or our client-side checks do not (the index's `example` must be a valid call).
 */
export const examples = {
  ledger: {},
  scan: {},
  validator: {},
  registry: {},
};

/**
 * The one rule set of every codec, hand (src/codecs) and generated (docs/codecs.md):
 * - int64 of the API itself: `int64`, a JSON number that is a safe integer. Both servers print
 *   int64 as JSON numbers (notes §0.8, §2.1, §2.2; every fixture: offsets, migration_id,
 *   next_page_token of /v0, round numbers); circe's tolerance of quoted numbers is for requests it
 *   reads (notes §2.1), not for what it writes. A quoted number is refused, not coerced, so that
 *   an accepted value is the parsed JSON itself (no copy) and a wrong endpoint or a re-encoding
 *   proxy shows up as a DecodeError at its path. (`int64Lenient`, the generated codecs' old rule,
 *   is gone.)
 * - int32: `int32`, a JSON number in range.
 * - string enums: `openEnum`, a newer server's value is kept, not a decode failure.
 * - optional fields: absent and `null` alike (notes §0.9).
 * - timestamps: `Timestamp` (RFC 3339, `Z` or a numeric offset, 0 to 9 fractional digits) on
 *   every string the spec marks `format: date-time`, and on the string properties named below,
 *   which the specs leave untyped (notes §2.1, §2.2, §6): Canton's protobuf Timestamps
 *   (Instant.toString) and Splice's record times (appendInstant(6), Instant.parse on input).
 *   `uptime`, `expiresAt` and `effectiveBefore` stay plain strings: durations or fields whose
 *   encoding no note or fixture shows.
 */
export const codecRules = {
  int64: 'int64',
  int32: 'int32',
  enum: 'openEnum',
  timestampFields: [
    // Canton (notes §2.1): protobuf Timestamps written with Instant.toString.
    'effectiveAt',
    'recordTime',
    'createdAt',
    'assignmentExclusivity',
    'maxRecordTime',
    'minLedgerTimeAbs',
    'estimationTimestamp',
    'validUntilExclusive',
    'newValidUntilExclusive',
    'vettingValidAt',
    // Splice (notes §2.2, §5.2): record times, effective times, creation and finalization times.
    'record_time',
    'effective_at',
    'created_at',
    'finalization_time',
    'after_record_time',
  ],
};

/**
 * Examples added to the bundled specs of test/fixtures/specs (for Prism only; the generated code
 * does not read them). Prism answers with the spec's examples where it has them, and otherwise
 * with placeholders such as `"string"`; the specs leave most timestamps untyped (notes §2.1, §6)
 * and a placeholder where a timestamp belongs is rightly refused by the codecs.
 * - A string property without format, enum or example whose name says it is an instant.
 * - Scan's `offset`: a hex string (notes §2.2).
 * - A discriminator property: the value its mapping gives to each member schema.
 */
export const prismExamples = {
  hexProperty: /^offset$/,
  hex: '000000000000000001',
  instantProperty: /^(record_?[tT]ime|effective_?[aA]t|created_?[aA]t|.*_at|.*At|.*Time|.*_time|after|before)$/,
  instant: '2024-09-20T13:31:28.405180Z',
};

/**
 * Operations the specs leave out that the servers serve: a descriptor is written for each (not an
 * `operationIndex` entry, which lists the specs' operations), so that its hand method reaches it
 * through `invokeOperation` like every other. `response` and `body` name a hand codec of the
 * group (handCodecs' module).
 */
export const extraOperations = {
  ledger: {
    // notes §3.4 and §0.3: in the server code, in no openapi.yaml; mounted only with traffic enforcement.
    getTrafficAccount: {
      operationId: 'getV2TrafficAccountsAccount-id',
      httpMethod: 'GET',
      path: '/v2/traffic/accounts/{account-id}',
      pathParams: [{ name: 'account-id', type: 'string', required: true }],
      queryParams: [],
      response: 'GetAccountResponse',
      conditions: ['TrafficEnforcementDisabled'],
    },
  },
  scan: {},
  validator: {},
  registry: {},
};

/**
 * Request checks beyond the body codec, by entry name: what the server refuses that the spec
 * does not say (ranges, non-empty strings, instants, list sizes). `on` is the argument the rules
 * read: `body`, `query`, or `params` (the path parameters by name); each rule's `path` is a path
 * into it and the path. `when`: the rule applies only where that path holds a value (not
 * null or absent). `{name}` in a string is replaced by the caller's context (`defaults` when not
 * given). The interpreter is src/validation/checkRequest.ts; the generator writes the entries to
 * src/validation/requestValidations.ts (below the client, where the deprecated `validate*`
 * functions read them too) and names the entry in each descriptor.
 */
export const requestValidations = {
  // The hand validateUpdateHistoryRequest; notes §5.2.
  updateHistoryRequest: {
    what: 'update history request',
    on: 'body',
    rules: [
      { rule: 'positiveInt', path: 'page_size' },
      { rule: 'nonNegativeInt', path: 'after.after_migration_id', when: 'after' },
      { rule: 'timestamp', path: 'after.after_record_time', when: 'after' },
    ],
  },
  // The hand validateHoldingsStateRequest; notes §5.3 (owner_party_ids: 1 to 1000).
  holdingsStateRequest: {
    what: 'holdings state request',
    on: 'body',
    rules: [
      { rule: 'nonNegativeInt', path: 'migration_id' },
      { rule: 'timestamp', path: 'record_time' },
      { rule: 'positiveInt', path: 'page_size' },
      { rule: 'array', path: 'owner_party_ids', minItems: 1, maxItems: 1000, message: 'must have 1 to 1000 entries' },
    ],
  },
  // The hand chain of getAcsSnapshotAtV2; notes §5.3 (page_size at most 1000).
  acsSnapshotRequest: {
    what: 'ACS snapshot request',
    on: 'body',
    rules: [
      { rule: 'nonNegativeInt', path: 'migration_id' },
      { rule: 'timestamp', path: 'record_time' },
      { rule: 'positiveInt', path: 'page_size', max: 1000 },
    ],
  },
  // The hand chain of getDateOfFirstSnapshotAfter; notes §5.4.
  snapshotTimestampQuery: {
    what: 'snapshot timestamp query',
    on: 'query',
    rules: [
      { rule: 'timestamp', path: 'after' },
      { rule: 'nonNegativeInt', path: 'migration_id' },
    ],
  },
  // The hand chain of getBulkObjectChecksums; notes §5.5.
  bulkChecksumsRequest: {
    what: 'bulk checksums request',
    on: 'body',
    rules: [{ rule: 'array', path: 'object_keys', items: 'string', message: 'must be an array of strings' }],
  },
  // The hand validateVoteRequestLookup; Scan's maxItems (notes §5.6).
  voteRequestLookup: {
    what: 'vote request lookup',
    on: 'body',
    rules: [
      { rule: 'array', path: 'vote_request_contract_ids', maxItems: 1000, message: 'must be an array of at most 1000 contract ids' },
      { rule: 'array', path: 'vote_request_contract_ids', items: 'nonEmpty', message: 'must hold non-empty strings' },
    ],
  },
  // The hand validateNonEmpty of each path parameter below (an empty one would change the path).
  party: { what: 'party', on: 'params', rules: [{ rule: 'nonEmpty', path: 'party' }] },
  providerPartyId: { what: 'provider_party_id', on: 'params', rules: [{ rule: 'nonEmpty', path: 'provider_party_id' }] },
  idpId: { what: 'idp-id', on: 'params', rules: [{ rule: 'nonEmpty', path: 'idp-id' }] },
  accountId: { what: 'account-id', on: 'params', rules: [{ rule: 'nonEmpty', path: 'account-id' }] },
  // The hand validateRound.
  roundNumber: { what: 'round number', on: 'params', rules: [{ rule: 'nonNegativeInt', path: 'round_number' }] },
  round: { what: 'round number', on: 'query', rules: [{ rule: 'nonNegativeInt', path: 'round' }] },
  // The hand validateGetUpdatesPageRequest; notes §3.1.
  getUpdatesPageRequest: {
    what: 'get-updates-page request',
    on: 'body',
    rules: [
      { rule: 'object', path: 'updateFormat' },
      { rule: 'positiveInt', path: 'maxPageSize', when: 'maxPageSize' },
      { rule: 'nonNegativeInt', path: 'beginOffsetExclusive', when: 'beginOffsetExclusive' },
      { rule: 'positiveInt', path: 'endOffsetInclusive', when: 'endOffsetInclusive' },
      { rule: 'notBelow', path: 'endOffsetInclusive', than: 'beginOffsetExclusive' },
    ],
  },
  // The hand validateGetActiveContractsPageRequest; notes §3.1.
  activeContractsPageRequest: {
    what: 'active-contracts-page request',
    on: 'body',
    rules: [
      { rule: 'object', path: 'eventFormat' },
      { rule: 'nonNegativeInt', path: 'activeAtOffset', when: 'activeAtOffset' },
      { rule: 'positiveInt', path: 'maxPageSize', when: 'maxPageSize' },
    ],
  },
  // The hand validateCreateAnsEntryRequest: the validator's own checks of an entry.
  ansEntryRequest: {
    what: 'ANS entry request',
    on: 'body',
    defaults: { ansAcronym: 'cns' },
    rules: [
      { rule: 'string', path: 'name', suffix: '.unverified.{ansAcronym}' },
      { rule: 'string', path: 'url', maxLength: 255, url: true },
      { rule: 'string', path: 'description', maxLength: 140 },
    ],
  },
};

/** Which operations run which entry of requestValidations before anything is sent. */
export const validation = {
  ledger: {
    getUpdatesPage: 'getUpdatesPageRequest',
    getActiveContractsPage: 'activeContractsPageRequest',
    getIdentityProviderConfig: 'idpId',
    getTrafficAccount: 'accountId',
  },
  scan: {
    getUpdateHistoryV1: 'updateHistoryRequest',
    getUpdateHistoryV2: 'updateHistoryRequest',
    getHoldingsStateAtV2: 'holdingsStateRequest',
    getAcsSnapshotAtV2: 'acsSnapshotRequest',
    getDateOfFirstSnapshotAfter: 'snapshotTimestampQuery',
    getBulkObjectChecksums: 'bulkChecksumsRequest',
    listVoteRequestsByTrackingCid: 'voteRequestLookup',
    lookupTransferCommandCounterByParty: 'party',
    lookupFeaturedAppRight: 'providerPartyId',
    getRewardAccountingRootHash: 'roundNumber',
    getAmuletConfigForRound: 'round',
  },
  validator: {
    createAnsEntry: 'ansEntryRequest',
    lookupFeaturedAppRight: 'providerPartyId',
  },
  registry: {},
};

/**
 * How a Scan pool compares the answers of its Scans (docs/scans.md): `'whole'` (the default: the
 * status and the body) or a history page, compared item by item (`items`: the array, `id`: an
 * item's identity, `ignore`: JSON pointers into an item, the values honest Scans legitimately
 * differ on, left out of the comparison there and nowhere else), so that Scans serving pages of
 * different lengths agree on their common prefix.
 */
export const agreement = {
  ledger: {},
  scan: {
    // upstream documents `offset` (the /v1 items', and the v2 reassignments') as not comparable
    // between SVs: the item's own top-level field, not a payload field of that name.
    getUpdateHistoryV1: { kind: 'history-page', items: 'transactions', id: 'update_id', ignore: ['/offset'] },
    getUpdateHistoryV2: { kind: 'history-page', items: 'transactions', id: 'update_id', ignore: ['/offset'] },
  },
  validator: {},
  registry: {},
};

/**
 * The ledger's WebSocket channels (asyncapi.yaml), by the name of their constant in
 * src/generated/ledger/channels.ts: the ws streams open them at these paths.
 */
export const channelNames = {
  '/v2/updates': 'updates',
  '/v2/updates/flats': 'updatesFlats',
  '/v2/updates/trees': 'updatesTrees',
  '/v2/commands/completions': 'completions',
  '/v2/commands/command-completions': 'commandCompletions',
  '/v2/state/active-contracts': 'activeContracts',
};

/**
 * Hand-written sections of a generated group page (docs/<group>.md), placed under its title:
 * how to configure the group, which the specs cannot say.
 */
export const docsGuides = {
  registry: readFileSync(new URL('./registry-guide.md', import.meta.url), 'utf8'),
};
