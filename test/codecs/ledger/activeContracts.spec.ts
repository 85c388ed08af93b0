import assert from 'node:assert/strict';
import { strictDecoding } from '../../../src/codecs/common/openMembers';
import { unguardedOf } from '../../../src/codecs/common/primitives';
import type * as t from 'io-ts';
import { codecs } from '../../../src/index';
import {
  GetActiveContractsPageRequest,
  GetLatestPrunedOffsetsResponse,
  JsActiveContract,
  JsAssignedEvent,
  JsContractEntry,
  JsEmpty,
  JsGetActiveContractsPageResponse,
  JsGetActiveContractsResponse,
  JsIncompleteAssigned,
  JsIncompleteUnassigned,
} from '../../../src/codecs/ledger/index';
import { upstreamSchema } from '../../helpers/upstream';
import { decodeFail, decodeOk, fixture } from './helpers';

// Recorded lists of /v2/state/active-contracts (test/fixtures/INDEX.md, "state-active-contracts").
const LISTS = [
  'state-active-contracts__digital-asset-canton__1.json',
  'state-active-contracts__Fairmint-canton-node-sdk__sim-1.json',
  'state-active-contracts__canton-network-splice-sv-voting-dapp__2.json',
  'state-active-contracts__canton-network-splice-sv-voting-dapp__4.json',
];

/** The own property names of a codec built of t.type / t.partial / t.intersection. */
const propsOf = (codec: t.Mixed): string[] => {
  const c = (unguardedOf(codec) ?? codec) as unknown as { props?: Record<string, unknown>; types?: t.Mixed[] };
  if (c.props) return Object.keys(c.props);
  return (c.types ?? []).flatMap(propsOf);
};

describe('ledger codecs of pruning and the active contracts (under their upstream names)', () => {
  const named: Array<[string, t.Mixed]> = [
    ['GetLatestPrunedOffsetsResponse', GetLatestPrunedOffsetsResponse],
    ['GetActiveContractsPageRequest', GetActiveContractsPageRequest],
    ['JsGetActiveContractsPageResponse', JsGetActiveContractsPageResponse],
    ['JsGetActiveContractsResponse', JsGetActiveContractsResponse],
    ['JsActiveContract', JsActiveContract],
    ['JsIncompleteAssigned', JsIncompleteAssigned],
    ['JsIncompleteUnassigned', JsIncompleteUnassigned],
    ['JsAssignedEvent', JsAssignedEvent],
    ['JsEmpty', JsEmpty],
  ];

  it('are exported in codecs.ledger, each under its schema name, with the fields of the schema in both spec versions', () => {
    for (const [name, codec] of [...named, ['JsContractEntry', JsContractEntry] as [string, t.Mixed]]) {
      assert.equal((codecs.ledger as Record<string, unknown>)[name], codec, name);
      assert.equal(codec.name, name);
    }
    for (const spec of ['canton/release-line-3.5/openapi.yaml', 'canton/main/openapi.yaml'])
      for (const [name, codec] of named) {
        const schema = upstreamSchema(spec, name);
        assert.ok(schema, `${spec} has ${name}`);
        assert.deepEqual(propsOf(codec).sort(), [...schema.properties].sort(), `${spec} ${name}`);
      }
  });

  for (const file of LISTS)
    it(`decodes every recorded element of ${file}, unchanged`, () => {
      const elements = fixture(file) as unknown[];
      assert.ok(elements.length > 0);
      const before: unknown = JSON.parse(JSON.stringify(elements));
      assert.deepStrictEqual(
        elements.map((e, i) => decodeOk(JsGetActiveContractsResponse, e, `${file}[${i}]`)),
        before,
      );
    });

  it('decodes a page of them, and the pruning offsets; absent and null alike', () => {
    const elements = fixture(LISTS[0]!) as unknown[];
    const page = { activeContracts: elements, activeAtOffset: 42, nextPageToken: 'CgQI' };
    assert.deepEqual(decodeOk(JsGetActiveContractsPageResponse, page), page);
    assert.deepEqual(decodeOk(JsGetActiveContractsPageResponse, { activeContracts: [], activeAtOffset: 7, nextPageToken: null }), { activeContracts: [], activeAtOffset: 7, nextPageToken: null });
    assert.deepEqual(decodeOk(GetLatestPrunedOffsetsResponse, {}), {});
    assert.deepEqual(decodeOk(GetLatestPrunedOffsetsResponse, { participantPrunedUpToInclusive: 1200, allDivulgedContractsPrunedUpToInclusive: 0 }), {
      participantPrunedUpToInclusive: 1200,
      allDivulgedContractsPrunedUpToInclusive: 0,
    });
  });

  it('tells the entry variants apart: active, incomplete (un)assigned, empty; an unknown one is kept, refused by name when strict', () => {
    const active = (fixture(LISTS[0]!) as Array<{ contractEntry: { JsActiveContract: { createdEvent: Record<string, unknown> } } }>)[0]!.contractEntry;
    const created = active.JsActiveContract.createdEvent;
    assert.deepEqual(decodeOk(JsContractEntry, active), active);
    const assigned = { JsIncompleteAssigned: { assignedEvent: { source: 's::1', target: 't::1', reassignmentId: 'r1', reassignmentCounter: 1, createdEvent: created } } };
    assert.deepEqual(decodeOk(JsContractEntry, assigned), assigned);
    const unassignedEvent = { reassignmentId: 'r2', contractId: created['contractId'], templateId: created['templateId'], source: 's::1', target: 't::1', reassignmentCounter: 2, witnessParties: [], packageName: 'p', offset: 9, nodeId: 0 };
    const unassigned = { JsIncompleteUnassigned: { createdEvent: created, unassignedEvent } };
    assert.deepEqual(decodeOk(JsContractEntry, unassigned), unassigned);
    assert.deepEqual(decodeOk(JsContractEntry, { JsEmpty: {} }), { JsEmpty: {} });
    assert.deepEqual(decodeOk(JsContractEntry, { JsArchived: {} }), { JsArchived: {} });
    const unknown = strictDecoding(() => decodeFail(JsContractEntry, { JsArchived: {} }));
    assert.match(unknown.issues[0]!.message ?? '', /unknown JsContractEntry variant "JsArchived"/);
  });

  it('refuses a bad page with the JSON path of the fault', () => {
    const elements = fixture(LISTS[0]!) as Array<{ contractEntry: { JsActiveContract: Record<string, unknown> } }>;
    delete elements[0]!.contractEntry.JsActiveContract['synchronizerId'];
    const bad = decodeFail(JsGetActiveContractsPageResponse, { activeContracts: elements, activeAtOffset: 1 });
    assert.ok(bad.issues.some((i) => i.path === 'activeContracts.0.contractEntry.JsActiveContract.synchronizerId'), JSON.stringify(bad.issues));
    assert.ok(decodeFail(JsGetActiveContractsPageResponse, { activeContracts: [] }).issues.some((i) => i.path === 'activeAtOffset'));
    assert.ok(decodeFail(GetLatestPrunedOffsetsResponse, { participantPrunedUpToInclusive: 'soon' }).issues.some((i) => i.path === 'participantPrunedUpToInclusive'));
  });

  it('a page request needs its event format', () => {
    assert.ok(decodeFail(GetActiveContractsPageRequest, { activeAtOffset: 3 }).issues.some((i) => i.path === 'eventFormat'));
    assert.deepEqual(decodeOk(GetActiveContractsPageRequest, { eventFormat: {}, pageToken: 'x' }), { eventFormat: {}, pageToken: 'x' });
  });
});
