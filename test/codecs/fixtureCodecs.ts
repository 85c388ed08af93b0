import type * as t from 'io-ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir } from '../helpers/paths';
import { listFixtures } from '../helpers/fixtures';
import * as L from '../../src/codecs/ledger/index';
import * as S from '../../src/codecs/scan/index';
import * as V from '../../src/codecs/validator/index';
import { ledgerOperations } from '../../src/generated/ledger/operations';
import { scanOperations } from '../../src/generated/scan/operations';
import { validatorOperations } from '../../src/generated/validator/operations';

type Group = 'ledger' | 'scan' | 'validator';

/** What a codec decodes of a file: the whole payload, its items, or the values of its one object. */
type Values = (payload: unknown) => unknown[];
const whole: Values = (u) => [u];
const items: Values = (u) => (Array.isArray(u) ? u : [u]);
const entries: Values = (u) => Object.values(u as object);

/** One recorded payload with the codec its endpoint decodes it with (test/fixtures/INDEX.md). */
export interface FixturePayload {
  readonly group: Group;
  readonly file: string;
  /** What decodes it: `codecs.<group>.<Name>` or `<operation> answer`. */
  readonly decoder: string;
  readonly codec: t.Mixed;
  /** The values the codec decodes: the payload, or its items (a file of list items or single answers). */
  readonly values: ReadonlyArray<unknown>;
  /** The payload as compact JSON (the bytes a server sends; some files are pretty-printed). */
  readonly compact: string;
  /** Whether the codec accepts it (the docs examples with elided required fields do not). */
  readonly valid: boolean;
}

const response = (operations: Record<string, { readonly response: unknown }>, method: string): t.Mixed => operations[method]!.response as t.Mixed;

/** Fixture name prefixes, the codec of each, and whether the file holds items; first match wins. */
const TABLE: Readonly<Record<Group, ReadonlyArray<readonly [prefix: string, decoder: string, codec: () => t.Mixed, values?: Values]>>> = {
  ledger: [
    // The JSON API router's own 404 body: refused by JsCantonError (a reject sample).
    ['error-http-route-not-found__', 'codecs.ledger.JsCantonError', () => L.JsCantonError],
    ['error-ledger-api__', 'codecs.ledger.JsCantonError', () => L.JsCantonError],
    ['event-exercised__', 'codecs.ledger.Event', () => L.Event],
    ['events-by-contract-id__', 'getEventsByContractId answer', () => response(ledgerOperations, 'getEventsByContractId'), items],
    ['state-active-contracts__', 'listActiveContracts answer', () => response(ledgerOperations, 'listActiveContracts')],
    ['transaction-by-offset__', 'getTransactionByOffset answer', () => response(ledgerOperations, 'getTransactionByOffset')],
    ['update-by-id__', 'getUpdateById answer', () => response(ledgerOperations, 'getUpdateById')],
    ['updates-flat-transactions__', 'codecs.ledger.JsTransaction', () => L.JsTransaction, items],
    ['updates-ledger-effects__', 'listUpdates answer', () => response(ledgerOperations, 'listUpdates')],
  ],
  scan: [
    ['amulet-config-for-round__', 'codecs.scan.GetAmuletConfigForRoundResponse', () => S.GetAmuletConfigForRoundResponse],
    ['dso-party-id__', 'codecs.scan.GetDsoPartyIdResponse', () => S.GetDsoPartyIdResponse],
    ['error-response__', 'codecs.scan.ErrorResponse', () => S.ErrorResponse],
    ['holdings-state__', 'codecs.scan.AcsResponse', () => S.AcsResponse],
    ['open-and-issuing-mining-rounds__', 'getOpenAndIssuingMiningRounds answer', () => response(scanOperations, 'getOpenAndIssuingMiningRounds')],
    ['state-acs-snapshot-timestamp', 'codecs.scan.AcsSnapshotTimestampResponse', () => S.AcsSnapshotTimestampResponse],
    ['state-acs__', 'codecs.scan.AcsResponse', () => S.AcsResponse],
    ['v1-updates__', 'getUpdateHistoryV1 answer', () => response(scanOperations, 'getUpdateHistoryV1')],
    ['v2-updates-by-id__', 'getUpdateByIdV2 answer', () => response(scanOperations, 'getUpdateByIdV2')],
    // A single events_by_id entry, wrapped in {} by the fixture.
    ['v2-updates-event-', 'codecs.scan.TreeEvent (each entry)', () => S.TreeEvent, entries],
    ['v2-updates__', 'getUpdateHistoryV2 answer', () => response(scanOperations, 'getUpdateHistoryV2')],
  ],
  validator: [
    ['error-response__', 'codecs.validator.ErrorResponse', () => V.ErrorResponse],
    ['scan-proxy-featured-apps__', 'lookupFeaturedAppRight answer', () => response(validatorOperations, 'lookupFeaturedAppRight')],
    ['scan-proxy-open-and-issuing-mining-rounds__', 'getOpenAndIssuingMiningRounds answer', () => response(validatorOperations, 'getOpenAndIssuingMiningRounds')],
  ],
};

/**
 * The docs examples elide with `"...": "..."` keys (and array elements holding only one): not data
 * (INDEX.md says to remove them before decoding).
 */
const withoutElisions = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.filter((x) => !(typeof x === 'object' && x !== null && Object.keys(x).join() === '...')).map(withoutElisions);
  if (typeof u !== 'object' || u === null) return u;
  return Object.fromEntries(Object.entries(u).filter(([k]) => k !== '...').map(([k, v]) => [k, withoutElisions(v)]));
};

/** Every file of test/fixtures with its codec (a file no entry names is an error: add it to TABLE). */
export const fixturePayloads = (): FixturePayload[] =>
  (['ledger', 'scan', 'validator'] as const).flatMap((group) =>
    listFixtures(group).map((file) => {
      const entry = TABLE[group].find(([prefix]) => file.startsWith(prefix));
      if (entry === undefined) throw new Error(`no codec for ${group}/${file}: add it to test/codecs/fixtureCodecs.ts`);
      const [, decoder, codecOf, valuesOf = whole] = entry;
      const payload = withoutElisions(JSON.parse(readFileSync(join(fixtureDir(group), file), 'utf8')));
      const codec = codecOf();
      const values = valuesOf(payload);
      return { group, file, decoder, codec, values, compact: JSON.stringify(payload), valid: values.every((v) => codec.decode(v)._tag === 'Right') };
    }),
  );

/**
 * A `/v2/updates/get-updates-page` answer built from the recorded updates (no capture of that
 * endpoint exists): the page `ledger.updates` decodes, with codecs.ledger.JsGetUpdatesPageResponse.
 */
export const ledgerUpdatesPage = (): FixturePayload => {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(fixtureDir('ledger'), file), 'utf8'));
  const updates = [
    ...(read('updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json') as unknown[]),
    ...(read('updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as unknown[]),
    read('update-by-id__hyperledger-labs-splice-wallet-kernel__1.json'),
  ];
  const offsets = updates.map((u) => (u as { update: { Transaction: { value: { offset: number } } } }).update.Transaction.value.offset);
  const page = { updates, lowestPageOffsetExclusive: Math.min(...offsets) - 1, highestPageOffsetInclusive: Math.max(...offsets), nextPageToken: 'CgQIARAB' };
  return { group: 'ledger', file: 'get-updates-page (built from the recorded updates)', decoder: 'codecs.ledger.JsGetUpdatesPageResponse', codec: L.JsGetUpdatesPageResponse, values: [page], compact: JSON.stringify(page), valid: true };
};
