import assert from 'node:assert/strict';
import { strictDecoding } from '../../../src/codecs/common/openMembers';
import {
  GetAccountResponse,
  GetIdentityProviderConfigResponse,
  GetUpdatesPageRequest,
  IdentifierFilter,
  JsGetUpdateResponse,
  JsGetUpdatesPageResponse,
  JsReassignment,
  JsTopologyTransaction,
  OffsetCheckpoint,
  TopologyEventEvent,
  UpdateFormat,
} from '../../../src/codecs/ledger/index';
import { created, decodeOk, firstIssue, fixture, transactionOf, updatesOf } from './helpers';

// No recorded reassignment, topology or checkpoint payload exists in test/fixtures: these are
// built field by field from the release-line-3.5 spec, around a real CreatedEvent.
const createdEvent = () => created(transactionOf(updatesOf('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json')[0]!).events[0]);

const reassignment = () => ({
  updateId: '1220aa',
  commandId: '',
  workflowId: '',
  offset: 42,
  events: [
    {
      JsUnassignedEvent: {
        value: {
          reassignmentId: 'r-1',
          contractId: '00ab',
          templateId: 'pkg:Mod:T',
          source: 'sync-a::1220',
          target: 'sync-b::1220',
          submitter: 'alice::1220',
          reassignmentCounter: 1,
          assignmentExclusivity: '2026-01-01T00:00:30.5Z',
          witnessParties: ['alice::1220'],
          packageName: 'pkg',
          offset: 42,
          nodeId: 0,
        },
      },
    },
    {
      JsAssignmentEvent: {
        source: 'sync-a::1220',
        target: 'sync-b::1220',
        reassignmentId: 'r-1',
        submitter: 'alice::1220',
        reassignmentCounter: 1,
        createdEvent: createdEvent(),
      },
    },
  ],
  traceContext: { traceparent: null, tracestate: null },
  recordTime: '2026-01-01T00:00:00Z',
  synchronizerId: 'sync-b::1220',
  paidTrafficCost: null,
});

const topology = () => ({
  updateId: '1220bb',
  offset: 43,
  synchronizerId: 'sync-a::1220',
  recordTime: '2026-01-01T00:00:01.123456789Z',
  events: [
    { event: { ParticipantAuthorizationAdded: { value: { partyId: 'p::1', participantId: 'PAR::1', participantPermission: 'PARTICIPANT_PERMISSION_SUBMISSION' } } } },
    { event: { ParticipantAuthorizationChanged: { value: { partyId: 'p::1', participantId: 'PAR::1', participantPermission: 'PARTICIPANT_PERMISSION_OBSERVATION' } } } },
    { event: { ParticipantAuthorizationOnboarding: { value: { partyId: 'p::1', participantId: 'PAR::2', participantPermission: 'PARTICIPANT_PERMISSION_CONFIRMATION' } } } },
    { event: { ParticipantAuthorizationRevoked: { value: { partyId: 'p::1', participantId: 'PAR::1' } } } },
    { event: { Empty: {} } },
    { event: null },
    {},
  ],
});

describe('ledger codecs on spec-built payloads', () => {
  it('decodes a reassignment with both event variants, and a page mixing all update kinds', () => {
    decodeOk(JsReassignment, reassignment());
    const updates = [
      fixture('update-by-id__hyperledger-labs-splice-wallet-kernel__2.json'),
      { update: { Reassignment: { value: reassignment() } } },
      { update: { TopologyTransaction: { value: topology() } } },
    ];
    const page = { updates, lowestPageOffsetExclusive: 0, highestPageOffsetInclusive: 43, nextPageToken: null };
    assert.deepStrictEqual(decodeOk(JsGetUpdatesPageResponse, page), page);
  });

  it('keeps the two reassignment event nestings apart', () => {
    const r = reassignment();
    const flat = { JsUnassignedEvent: r.events[0]!.JsUnassignedEvent!.value };
    assert.equal(firstIssue(JsReassignment, { ...r, events: [flat] }).path, 'events.0.JsUnassignedEvent.value');
    const nested = { JsAssignmentEvent: { value: r.events[1]!.JsAssignmentEvent } };
    assert.equal(firstIssue(JsReassignment, { ...r, events: [nested] }).path, 'events.0.JsAssignmentEvent.source');
    const renamed = { JsAssignedEvent: r.events[1]!.JsAssignmentEvent };
    assert.deepStrictEqual(decodeOk(JsReassignment, { ...r, events: [renamed] }), { ...r, events: [renamed] });
    assert.match(strictDecoding(() => firstIssue(JsReassignment, { ...r, events: [renamed] })).message ?? '', /unknown JsReassignmentEvent variant "JsAssignedEvent"/);
  });

  it('checks the CreatedEvent inside an assignment', () => {
    const r = reassignment();
    (r.events[1]!.JsAssignmentEvent!.createdEvent as { offset: unknown }).offset = 2 ** 53;
    assert.equal(firstIssue(JsReassignment, r).path, 'events.1.JsAssignmentEvent.createdEvent.offset');
    const u = reassignment();
    (u.events[0]!.JsUnassignedEvent!.value as { assignmentExclusivity: unknown }).assignmentExclusivity = '2026-01-01';
    assert.equal(firstIssue(JsReassignment, u).path, 'events.0.JsUnassignedEvent.value.assignmentExclusivity');
  });

  it('decodes topology transactions with every event variant', () => {
    const tx = topology();
    assert.deepStrictEqual(decodeOk(JsTopologyTransaction, tx), tx);
    decodeOk(JsGetUpdateResponse, { update: { TopologyTransaction: { value: tx } } });
  });

  it('keeps a participant permission a newer server added and an unknown topology event, refuses a non-string one; strict refuses the new ones', () => {
    const tx = topology();
    const added = (tx.events[0]!.event as { ParticipantAuthorizationAdded: { value: { participantPermission: unknown } } }).ParticipantAuthorizationAdded.value;
    added.participantPermission = 'PARTICIPANT_PERMISSION_FUTURE';
    assert.deepStrictEqual(decodeOk(JsTopologyTransaction, tx), tx);
    assert.match(strictDecoding(() => firstIssue(JsTopologyTransaction, tx)).message ?? '', /one of PARTICIPANT_PERMISSION_UNSPECIFIED/);
    added.participantPermission = 3;
    const issue = firstIssue(JsTopologyTransaction, tx);
    assert.equal(issue.path, 'events.0.event.ParticipantAuthorizationAdded.value.participantPermission');
    assert.equal(issue.expected, 'ParticipantPermission');
    assert.deepStrictEqual(decodeOk(TopologyEventEvent, { PartyToKeyMapping: { value: {} } }), { PartyToKeyMapping: { value: {} } });
    assert.match(strictDecoding(() => firstIssue(TopologyEventEvent, { PartyToKeyMapping: { value: {} } })).message ?? '', /PartyToKeyMapping/);
  });

  it('decodes offset checkpoints, as an update and alone', () => {
    const checkpoint = { offset: 44, synchronizerTimes: [{ synchronizerId: 'sync-a::1220', recordTime: '2026-01-01T00:00:02Z' }] };
    decodeOk(OffsetCheckpoint, checkpoint);
    decodeOk(OffsetCheckpoint, { offset: 45, synchronizerTimes: null });
    decodeOk(OffsetCheckpoint, { offset: 46 });
    decodeOk(JsGetUpdateResponse, { update: { OffsetCheckpoint: { value: checkpoint } } });
    const bad = { update: { OffsetCheckpoint: { value: { offset: 47, synchronizerTimes: [{ synchronizerId: 's', recordTime: 5 }] } } } };
    assert.equal(firstIssue(JsGetUpdateResponse, bad).path, 'update.OffsetCheckpoint.value.synchronizerTimes.0.recordTime');
  });

  it('decodes an identity provider configuration', () => {
    const body = { identityProviderConfig: { identityProviderId: 'idp-1', isDeactivated: false, issuer: 'https://issuer.example', jwksUrl: 'https://issuer.example/jwks', audience: '' } };
    assert.deepStrictEqual(decodeOk(GetIdentityProviderConfigResponse, body), body);
    decodeOk(GetIdentityProviderConfigResponse, { identityProviderConfig: { identityProviderId: 'idp-1', issuer: 'i', jwksUrl: 'j', isDeactivated: null, audience: null } });
    assert.equal(firstIssue(GetIdentityProviderConfigResponse, { identityProviderConfig: { identityProviderId: 'idp-1', issuer: 'i' } }).path, 'identityProviderConfig.jwksUrl');
  });

  it('decodes a traffic account, with int64 rules on the balance', () => {
    const body = { accountId: 'bob::1220abcd', balance: 900000 };
    assert.deepStrictEqual(decodeOk(GetAccountResponse, body), body);
    decodeOk(GetAccountResponse, { accountId: 'nobody::1220', balance: 0 });
    assert.match(firstIssue(GetAccountResponse, { accountId: 'b', balance: 2 ** 53 + 2 }).message ?? '', /MAX_SAFE_INTEGER/);
    assert.equal(firstIssue(GetAccountResponse, { accountId: 'b', balance: '900000' }).path, 'balance');
  });
});

describe('ledger request codecs', () => {
  // notes §3.1, verbatim but for the elided party fingerprint.
  const illustrative = {
    updateFormat: {
      includeTransactions: {
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        eventFormat: {
          filtersByParty: { 'Alice::1220abcd': { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] } },
          verbose: false,
        },
      },
    },
    beginOffsetExclusive: 0,
    maxPageSize: 100,
  };

  it('accepts the illustrative get-updates-page request and encodes it unchanged', () => {
    const decoded = decodeOk(GetUpdatesPageRequest, illustrative);
    assert.deepStrictEqual(decoded, illustrative);
    assert.deepStrictEqual(GetUpdatesPageRequest.encode(decoded), illustrative);
    assert.ok(GetUpdatesPageRequest.is(illustrative));
  });

  it('accepts every field of a follow-up request, and every filter kind', () => {
    const request: GetUpdatesPageRequest = {
      updateFormat: {
        includeTransactions: {
          transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          eventFormat: {
            filtersByParty: {
              'Alice::1220abcd': {
                cumulative: [
                  { identifierFilter: { TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet', includeCreatedEventBlob: true } } } },
                  { identifierFilter: { InterfaceFilter: { value: { interfaceId: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding', includeInterfaceView: true } } } },
                  { identifierFilter: { Empty: {} } },
                  {},
                ],
              },
            },
            filtersForAnyParty: { cumulative: [] },
          },
        },
        includeReassignments: { filtersForAnyParty: {} },
        includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [] } },
      },
      beginOffsetExclusive: 10,
      endOffsetInclusive: 2000,
      maxPageSize: 2000,
      descendingOrder: true,
      pageToken: 'CgQIARAB',
    };
    assert.deepStrictEqual(decodeOk(GetUpdatesPageRequest, request), request);
    decodeOk(UpdateFormat, {});
  });

  it('requires updateFormat and a known transaction shape', () => {
    assert.equal(firstIssue(GetUpdatesPageRequest, { maxPageSize: 10 }).path, 'updateFormat');
    const shape = { updateFormat: { includeTransactions: { transactionShape: 'FLAT', eventFormat: {} } } };
    const issue = firstIssue(GetUpdatesPageRequest, shape);
    assert.equal(issue.path, 'updateFormat.includeTransactions.transactionShape');
    assert.equal(issue.expected, 'TransactionShape');
  });

  it('refuses a page size beyond int32 and a filter without its value level', () => {
    assert.equal(firstIssue(GetUpdatesPageRequest, { updateFormat: {}, maxPageSize: 2 ** 31 }).path, 'maxPageSize');
    const issue = firstIssue(IdentifierFilter, { TemplateFilter: { templateId: 'p:M:T' } });
    assert.equal(issue.path, 'TemplateFilter.value');
  });
});
