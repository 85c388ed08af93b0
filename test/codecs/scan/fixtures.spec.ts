import assert from 'node:assert/strict';
import * as t from 'io-ts';
import { listFixtures, readFixture } from '../../helpers/fixtures.js';
import * as scan from '../../../src/codecs/scan/index.js';
import { clone, decodeIssues, decodeOk } from './helpers.js';

// Every file of test/fixtures/scan is decoded here with the codec of its endpoint (see
// test/fixtures/INDEX.md). The docs examples that are not schema-valid are handled in the open:
// the test first shows that the documented placeholder is exactly what fails, then removes it (where
// INDEX.md says to) and decodes the rest.

/** The `events_by_id` object of a transaction: how the single-event docs fragments are wrapped. */
const EventsById = t.record(t.string, scan.TreeEvent, 'events_by_id');

type Json = { [key: string]: unknown };

const handled = new Set<string>();
const byPrefix = (prefix: string): string[] => listFixtures('scan', prefix);

/** Decodes every file with the prefix, except the listed ones, and checks that nothing is copied. */
const decodesAll = (prefix: string, codec: t.Mixed, except: string[] = []): void => {
  for (const file of byPrefix(prefix).filter((f) => !except.includes(f))) {
    handled.add(file);
    it(`${file} decodes as ${codec.name}`, () => {
      const u = readFixture('scan', file);
      const decoded = decodeOk(codec, u, file);
      // Nothing is transformed: the decoded value is the parsed JSON itself, unknown fields and all.
      assert.equal(decoded, u);
    });
  }
};

describe('scan codecs on the recorded fixtures', () => {
  describe('reference data', () => {
    decodesAll('amulet-config-for-round__', scan.GetAmuletConfigForRoundResponse);
    decodesAll('dso-party-id__', scan.GetDsoPartyIdResponse);
    decodesAll('error-response__', scan.ErrorResponse);
    decodesAll('state-acs-snapshot-timestamp', scan.AcsSnapshotTimestampResponse);
  });

  describe('open and issuing mining rounds (Scan POST variant, maps keyed by contract id)', () => {
    const docs = 'open-and-issuing-mining-rounds__hyperledger-labs-splice__docs-1.json';
    decodesAll('open-and-issuing-mining-rounds__', scan.GetOpenAndIssuingMiningRoundsResponse, [docs]);

    handled.add(docs);
    it(`${docs}: fails only where the docs elided created_event_blob and created_at`, () => {
      // INDEX.md: the docs cut these two fields of both contracts ("elided by docs, not absent in
      // reality"); Contract requires them, so this is the one failure to expect, and nothing else.
      const u = readFixture('scan', docs) as Json;
      const issues = decodeIssues(scan.GetOpenAndIssuingMiningRoundsResponse, u);
      const expected: string[] = [];
      for (const map of ['open_mining_rounds', 'issuing_mining_rounds']) {
        const cids = Object.keys(u[map] as Json);
        assert.ok(cids.length > 0, `${docs} has ${map}`);
        for (const cid of cids) expected.push(`${map}.${cid}.contract.created_event_blob`, `${map}.${cid}.contract.created_at`);
      }
      // Every issue is one of the elided fields, each reported once as missing, and nothing else.
      assert.deepEqual(issues.map((i) => i.path).sort(), expected.sort());
      assert.ok(issues.every((i) => i.actual === 'undefined'));
      // With the two elided fields put back, the rest of the file decodes.
      const restored = clone(u);
      for (const map of ['open_mining_rounds', 'issuing_mining_rounds']) {
        for (const entry of Object.values(restored[map] as Record<string, { contract: Json }>)) {
          entry.contract['created_event_blob'] = 'CgMyLjE=';
          entry.contract['created_at'] = '2025-02-18T22:08:42.495769Z';
        }
      }
      decodeOk(scan.GetOpenAndIssuingMiningRoundsResponse, restored);
    });
  });

  describe('older /v0 ACS envelopes (holdings/state, state/acs): AcsResponse', () => {
    const docs = 'state-acs__hyperledger-labs-splice__docs-1.json';
    decodesAll('holdings-state__', scan.AcsResponse);
    decodesAll('state-acs__', scan.AcsResponse, [docs]);

    handled.add(docs);
    it(`${docs}: the docs' elision element {"...": "..."} is what fails; without it the page decodes`, () => {
      const u = readFixture('scan', docs) as { created_events: unknown[] };
      assert.deepEqual(u.created_events[1], { '...': 'more created events, omitted for brevity' });
      const issues = decodeIssues(scan.AcsResponse, u);
      assert.ok(issues.length > 0 && issues.every((i) => i.path.startsWith('created_events.1.')));
      const page = clone(u);
      page.created_events.splice(1, 1); // INDEX.md: remove the placeholder before decoding
      const decoded = decodeOk(scan.AcsResponse, page);
      assert.equal(decoded.next_page_token, 61329223);
      assert.match(decoded.created_events[0]!.event_id, /^#/);
    });

    it('the v0 numeric next_page_token is not the opaque string of AcsResponseV2', () => {
      const u = readFixture('scan', 'state-acs__syed-bcw-canton-scan-tool__1.json');
      assert.ok(decodeIssues(scan.AcsResponseV2, u).some((i) => i.path === 'next_page_token'));
    });
  });

  describe('update history', () => {
    decodesAll('v2-updates-by-id__', scan.UpdateHistoryItemV2);

    const envelopeOnly = ['v2-updates__hyperledger-labs-splice__docs-2.json'];
    decodesAll('v2-updates__', scan.UpdateHistoryResponseV2, envelopeOnly);

    const elided: Array<[string, t.Mixed]> = [
      ['v1-updates__hyperledger-labs-splice__docs-1.json', scan.UpdateHistoryResponse],
      ['v2-updates__hyperledger-labs-splice__docs-2.json', scan.UpdateHistoryResponseV2],
    ];
    for (const [file, codec] of elided) {
      handled.add(file);
      it(`${file}: only the docs' events_by_id elision fails; the envelope decodes as ${codec.name}`, () => {
        const u = readFixture('scan', file) as { transactions: Array<{ events_by_id: Json }> };
        const issues = decodeIssues(codec, u);
        assert.deepEqual(
          issues.map((i) => i.path),
          ['transactions.0.events_by_id....'],
        );
        const page = clone(u);
        delete page.transactions[0]!.events_by_id['...'];
        decodeOk(codec, page);
      });
    }

    it('the v1 docs page keeps its hex offset', () => {
      const page = clone(readFixture('scan', 'v1-updates__hyperledger-labs-splice__docs-1.json')) as { transactions: Array<{ events_by_id: Json }> };
      delete page.transactions[0]!.events_by_id['...'];
      const item = decodeOk(scan.UpdateHistoryResponse, page).transactions[0]!;
      assert.ok('offset' in item && item.offset === '000000000000000001');
    });
  });

  describe('single events_by_id entries from the docs (wrapped in {} by the fixture)', () => {
    for (const file of ['v2-updates-event-created__hyperledger-labs-splice__docs-1.json', 'v2-updates-event-exercised__hyperledger-labs-splice__docs-1.json']) {
      handled.add(file);
      it(`${file} decodes as an events_by_id entry`, () => {
        const u = readFixture('scan', file);
        const decoded = decodeOk(EventsById, u);
        const entries = Object.entries(decoded);
        assert.equal(entries.length, 1, 'one docs event per file');
        for (const [key, event] of entries) {
          assert.ok(event.event_type === 'created_event' || event.event_type === 'exercised_event', 'a known event type');
          assert.equal(event.event_id, key);
        }
      });
    }

    // INDEX.md: "<...>" string placeholders where the docs omitted fields - NOT schema-valid.
    // Inside Daml values (choice_argument, exercise_result) a string is a valid value; outside, the
    // placeholders stand where arrays of ids belong, and those are exactly the failures.
    const placeholders: Array<[string, string[]]> = [
      ['v2-updates-event-exercised__hyperledger-labs-splice__docs-2.json', ['child_event_ids']],
      ['v2-updates-event-exercised__hyperledger-labs-splice__docs-3.json', ['child_event_ids', 'acting_parties']],
    ];
    for (const [file, fields] of placeholders) {
      handled.add(file);
      it(`${file}: fails exactly at the "<...>" placeholders ${fields.join(', ')}`, () => {
        const u = readFixture('scan', file) as Record<string, Json>;
        const [key] = Object.keys(u);
        const issues = decodeIssues(EventsById, u);
        assert.deepEqual(
          issues.map((i) => [i.path, i.actual]),
          fields.map((f) => [`${key}.${f}`, '"<...>"']),
        );
        const restored = clone(u);
        for (const f of fields) restored[key!]![f] = [];
        const decoded = decodeOk(EventsById, restored)[key!]!;
        assert.equal(decoded.event_type, 'exercised_event');
      });
    }
  });

  it('covers every file of fixtures/scan', () => {
    assert.deepEqual([...handled].sort(), listFixtures('scan'));
  });
});
