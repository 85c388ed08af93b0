import assert from 'node:assert/strict';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { toIssues } from '../../src/codecs/decodeWith';
import { ledgerOperations } from '../../src/generated/ledger/operations';
import { scanOperations } from '../../src/generated/scan/operations';
import { validatorOperations } from '../../src/generated/validator/operations';
import * as HL from '../../src/codecs/ledger/index';
import * as HS from '../../src/codecs/scan/index';
import * as HV from '../../src/codecs/validator/index';
import { listFixtures, readFixture } from '../helpers/fixtures';

type Group = 'ledger' | 'scan' | 'validator';
type Operations = Record<string, { readonly response: unknown }>;
const operations: Record<Group, Operations> = { ledger: ledgerOperations, scan: scanOperations, validator: validatorOperations };

/** The answer codec of one operation, as the generated method decodes with it. */
const responseOf = (group: Group, method: string): t.Decoder<unknown, unknown> => {
  const codec = operations[group][method]?.response;
  assert.ok(codec !== undefined && typeof codec === 'object', `${group}.${method} decodes JSON`);
  return codec as t.Decoder<unknown, unknown>;
};

type Use = { readonly codec: () => t.Decoder<unknown, unknown>; readonly items?: boolean } | { readonly irrelevant: string };

/**
 * Every recorded payload of test/fixtures, with the generated codec (the one the generated
 * operation decodes its answer or error body with) it must decode, or why no generated codec is
 * concerned. `items`: the file holds items of a list answer, or single answers one by one.
 */
const uses: Readonly<Record<Group, ReadonlyArray<readonly [prefix: string, use: Use]>>> = {
  ledger: [
    ['error-http-route-not-found__', { irrelevant: "the JSON API router's own 404 body, not a JsCantonError (decoded as ErrorBody Json)" }],
    // JsCantonError, the `default` answer of every ledger operation (a hand codec, overrides.handCodecs).
    ['error-ledger-api__', { codec: () => HL.JsCantonError }],
    ['event-exercised__', { irrelevant: 'a single event cut out of a transaction: decoded inside the updates below' }],
    ['events-by-contract-id__', { codec: () => responseOf('ledger', 'getEventsByContractId'), items: true }],
    ['state-active-contracts__', { codec: () => responseOf('ledger', 'listActiveContracts') }],
    ['transaction-by-offset__', { codec: () => responseOf('ledger', 'getTransactionByOffset') }],
    ['update-by-id__', { codec: () => responseOf('ledger', 'getUpdateById') }],
    ['updates-flat-transactions__', { irrelevant: 'bare JsTransaction arrays, not the answer of any operation (decoded by codecs.ledger.JsTransaction)' }],
    ['updates-ledger-effects__', { codec: () => responseOf('ledger', 'listUpdates') }],
  ],
  scan: [
    ['amulet-config-for-round__', { codec: () => responseOf('scan', 'getAmuletConfigForRound') }],
    ['dso-party-id__', { codec: () => responseOf('scan', 'getDsoPartyId') }],
    ['error-response__', { codec: () => HS.ErrorResponse }],
    ['holdings-state__', { irrelevant: 'the /v0 holdings/state answer, an endpoint the current scan.yaml no longer has (test/fixtures/INDEX.md)' }],
    // INDEX.md: the docs cut created_event_blob and created_at, which Contract requires (held to that in test/codecs/scan).
    ['open-and-issuing-mining-rounds__hyperledger-labs-splice__docs-1', { irrelevant: 'a docs example with required fields elided' }],
    ['open-and-issuing-mining-rounds__', { codec: () => responseOf('scan', 'getOpenAndIssuingMiningRounds') }],
    ['state-acs-snapshot-timestamp-after__', { codec: () => responseOf('scan', 'getDateOfFirstSnapshotAfter') }],
    ['state-acs-snapshot-timestamp__', { codec: () => responseOf('scan', 'getDateOfMostRecentSnapshotBefore') }],
    ['state-acs__', { irrelevant: 'the /v0 state/acs answer, an endpoint the current scan.yaml no longer has (test/fixtures/INDEX.md)' }],
    ['v1-updates__', { codec: () => responseOf('scan', 'getUpdateHistoryV1') }],
    ['v2-updates-by-id__', { codec: () => responseOf('scan', 'getUpdateByIdV2') }],
    ['v2-updates-event-', { irrelevant: 'single events cut out of /v2/updates pages: decoded inside the pages' }],
    ['v2-updates__', { codec: () => responseOf('scan', 'getUpdateHistoryV2') }],
  ],
  validator: [
    ['error-response__', { codec: () => HV.ErrorResponse }],
    ['scan-proxy-featured-apps__', { codec: () => responseOf('validator', 'lookupFeaturedAppRight') }],
    ['scan-proxy-open-and-issuing-mining-rounds__', { codec: () => responseOf('validator', 'getOpenAndIssuingMiningRounds') }],
  ],
};

/** The docs examples elide events as `"...": "events omitted for brevity"`: that key is not data. */
const withoutElisions = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.map(withoutElisions);
  if (typeof u !== 'object' || u === null) return u;
  return Object.fromEntries(Object.entries(u).filter(([k]) => k !== '...').map(([k, v]) => [k, withoutElisions(v)]));
};

const useOf = (group: Group, file: string) => uses[group].find(([prefix]) => file.startsWith(prefix));

describe('generated codecs on the recorded payloads', () => {
  for (const group of ['ledger', 'scan', 'validator'] as const) {
    it(`${group}: every fixture is decoded by a generated codec or said to concern none`, () => {
      const files = listFixtures(group);
      assert.ok(files.length > 0);
      assert.deepEqual(files.filter((f) => useOf(group, f) === undefined), []);
    });

    for (const file of listFixtures(group)) {
      const found = useOf(group, file);
      if (found === undefined || 'irrelevant' in found[1]) continue;
      const use = found[1];
      it(`${group}/${file}`, () => {
        const body = withoutElisions(readFixture(group, file));
        const codec = use.codec();
        const items = use.items === true && Array.isArray(body) ? body : [body];
        for (const [i, item] of items.entries()) {
          const before: unknown = JSON.parse(JSON.stringify(item));
          const r = codec.decode(item);
          assert.ok(E.isRight(r), `${file}[${i}]: ${E.isLeft(r) ? JSON.stringify(toIssues(r.left).slice(0, 3)) : ''}`);
          // Nothing dropped or changed.
          assert.deepStrictEqual(r.right, before, `${file}[${i}]`);
        }
      });
    }
  }
});
