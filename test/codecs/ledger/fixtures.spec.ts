import assert from 'node:assert/strict';
import type * as t from 'io-ts';
import { listFixtures, readFixture } from '../../helpers/fixtures';
import {
  ArchivedEvent,
  CreatedEvent,
  Event,
  JsCantonError,
  JsGetUpdateResponse,
  JsGetUpdatesPageResponse,
  JsTransaction,
} from '../../../src/codecs/ledger/index';
import { decodeFail, decodeOk } from './helpers';

/**
 * Every recorded ledger body, decoded with the codec of its endpoint. Files holding a sub-object or
 * an older endpoint's envelope are unwrapped to the part this library decodes.
 */
const decoders: ReadonlyArray<readonly [prefix: string, check: (body: unknown, file: string) => number]> = [
  [
    'error-http-route-not-found__',
    // The JSON API's HTTP layer answers an unknown route with its own {errors, status} body: no JsCantonError.
    (body) => {
      const e = decodeFail(JsCantonError, body);
      assert.ok(e.issues.some((i) => i.path === 'code' || i.path === 'cause'));
      return 1;
    },
  ],
  ['error-ledger-api__', (body, file) => check(JsCantonError, body, file)],
  ['event-exercised__', (body, file) => check(Event, body, file)],
  [
    'events-by-contract-id__',
    // JsGetEventsByContractIdResponse: {created?: {createdEvent, synchronizerId}, archived?: {archivedEvent, synchronizerId}}.
    (body, file) => {
      let n = 0;
      for (const [i, item] of asArray(body).entries()) {
        const { created, archived } = item as { created?: { createdEvent: unknown } | null; archived?: { archivedEvent: unknown } | null };
        // Every element holds a creation, an archival or both: one with neither would be skipped unseen.
        assert.ok(created || archived, `${file}[${i}] has created or archived`);
        if (created) n += check(CreatedEvent, created.createdEvent, `${file}[${i}].created`);
        if (archived) n += check(ArchivedEvent, archived.archivedEvent, `${file}[${i}].archived`);
      }
      return n;
    },
  ],
  [
    'state-active-contracts__',
    // The list variant of /v2/state/active-contracts: [{workflowId, contractEntry: {JsActiveContract: {createdEvent, ...}}}].
    (body, file) => {
      let n = 0;
      for (const [i, item] of asArray(body).entries()) {
        const entry = (item as { contractEntry: { JsActiveContract: { createdEvent: unknown } } }).contractEntry;
        n += check(CreatedEvent, entry.JsActiveContract.createdEvent, `${file}[${i}]`);
      }
      return n;
    },
  ],
  ['transaction-by-offset__', (body, file) => check(JsTransaction, (body as { transaction: unknown }).transaction, file)],
  ['update-by-id__', (body, file) => check(JsGetUpdateResponse, body, file)],
  ['updates-flat-transactions__', (body, file) => each(JsTransaction, body, file)],
  ['updates-ledger-effects__', (body, file) => each(JsGetUpdateResponse, body, file)],
];

const asArray = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);

/**
 * Decodes, and checks that decoding neither drops nor changes anything: against a copy taken
 * before decoding, since the decoded value may be the very input.
 */
const check = (codec: t.Mixed, body: unknown, label: string): number => {
  const before: unknown = JSON.parse(JSON.stringify(body));
  const decoded = decodeOk(codec, body, `${label} as ${codec.name}`);
  assert.deepStrictEqual(decoded, before, label);
  return 1;
};

const each = (codec: t.Mixed, body: unknown, file: string): number => {
  assert.ok(Array.isArray(body) && body.length > 0, `${file} holds a non-empty array`);
  return body.reduce<number>((n, item, i) => n + check(codec, item, `${file}[${i}]`), 0);
};

const decoderOf = (file: string) => decoders.find(([prefix]) => file.startsWith(prefix));

describe('ledger codecs on recorded payloads', () => {
  const files = listFixtures('ledger');

  it('has a decoder for every ledger fixture (none is skipped)', () => {
    assert.ok(files.length >= 27);
    assert.deepEqual(files.filter((f) => decoderOf(f) === undefined), []);
  });

  for (const file of files) {
    it(`decodes ${file}`, () => {
      const found = decoderOf(file);
      assert.ok(found, `no decoder for ${file}`);
      assert.ok(found[1](readFixture('ledger', file), file) > 0);
    });
  }

  it('decodes a get-updates-page response built from real updates', () => {
    const updates = [
      ...(readFixture('ledger', 'updates-ledger-effects__hyperledger-labs-splice-wallet-kernel__1.json') as unknown[]),
      ...(readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as unknown[]),
      readFixture('ledger', 'update-by-id__hyperledger-labs-splice-wallet-kernel__1.json'),
    ];
    const offsets = updates.map((u) => (u as { update: { Transaction: { value: { offset: number } } } }).update.Transaction.value.offset);
    const page = {
      updates,
      lowestPageOffsetExclusive: Math.min(...offsets) - 1,
      highestPageOffsetInclusive: Math.max(...offsets),
      nextPageToken: 'CgQIARAB',
    };
    const decoded = decodeOk(JsGetUpdatesPageResponse, page);
    assert.deepStrictEqual(decoded, page);
    assert.equal(decoded.updates?.length, updates.length);
    // The last page: no token, and an empty ledger gives an empty page at offset 0.
    decodeOk(JsGetUpdatesPageResponse, { ...page, nextPageToken: null });
    decodeOk(JsGetUpdatesPageResponse, { updates: [], lowestPageOffsetExclusive: 0, highestPageOffsetInclusive: 0 });
  });
});
