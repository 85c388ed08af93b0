import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type { Observable } from 'rxjs';
import { createClient, type CantonClient } from '../../src/clientFactory/createClient';
import { checkpointOf } from '../../src/streams/checkpointOf';
import type { CantonError } from '../../src/errors/CantonError';
import type { Page } from '../../src/paging/Page';
import type { ScanFeedItem } from '../../src/streams/ScanFeedItem';
import type { LedgerFeedItem } from '../../src/streams/LedgerFeedItem';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { recordStreams, type CursorFamily } from '../../src/streams/recordStreams';

/**
 * Every record stream of the client, by cursor family (docs/streams.md): read whole with a small
 * page size, then resumed from the checkpoint of EVERY delivered item, which must give exactly the
 * items after it (nothing lost, nothing repeated); from the last item's, nothing.
 */

type Rec = { readonly value: unknown; readonly checkpoint: unknown };
type Stream = Observable<E.Either<CantonError, unknown>>;

interface Entry {
  readonly name: string;
  /** The stream as `{ value, checkpoint }` records, from a checkpoint or its start. */
  readonly read: (from: unknown) => Promise<Rec[]>;
  /** A stable identity of a value (update id, contract id, party, ...). */
  readonly key: (value: unknown) => string;
  /** Runs once before the first read (a network change the entry needs). */
  readonly prepare?: () => Promise<unknown>;
  /** Where the first whole read starts (default: the stream's start). */
  readonly start?: () => unknown;
  /** The fewest items the history gives it, enough for several pages (default 6). */
  readonly minItems?: number;
  /** What the whole read must show for the test to mean something (ties, ...). */
  readonly shows?: (values: readonly unknown[]) => void;
  /** A real defect that keeps the entry from passing: the entry is skipped, naming it. */
  readonly defect?: string;
}

const rightsOf = async (source: Stream): Promise<unknown[]> =>
  (await collect(source)).map((r, i) => {
    if (E.isLeft(r)) assert.fail(`element ${i} is a Left: ${JSON.stringify(r.left)}`);
    return r.right;
  });

/** A page form: its records as they are; a page with records ends at its last one's checkpoint (what `drainInto` stores). */
const pageRecords = async (source: Stream): Promise<Rec[]> =>
  ((await rightsOf(source)) as Array<Page<unknown, unknown>>).flatMap((p, i) => {
    if (p.records.length > 0) assert.deepEqual(p.checkpoint, p.records.at(-1)!.checkpoint, `page ${i} does not end at its last record's checkpoint`);
    return p.records;
  });
/** A wrapped item stream (`TokenListed`, `LedgerListed`, `SnapshotContract`): each item carries its checkpoint. */
const listedRecords = async (source: Stream): Promise<Rec[]> => (await rightsOf(source)) as Rec[];
/** An item stream: the checkpoint of each item as the stream documents it. */
const itemRecords = async (source: Stream, checkpoint: (item: never) => unknown): Promise<Rec[]> =>
  (await rightsOf(source)).map((value) => ({ value, checkpoint: checkpoint(value as never) }));

const field = (name: string) => (value: unknown) => String((value as Record<string, unknown>)[name]);
const scanFeedKey = (item: unknown) => {
  const i = item as ScanFeedItem;
  if (!('_tag' in i)) return `update ${i.update_id}`;
  return i._tag === 'ScanSnapshotContract' ? `contract ${i.contract.contract_id}` : `${i._tag} ${i.migration_id} ${i.record_time}`;
};
const ledgerUpdateKey = (u: unknown) => {
  const [kind, v] = Object.entries(u as Record<string, { value: { offset: number; updateId?: string } }>)[0]!;
  return `${kind} ${v.value.offset} ${v.value.updateId ?? ''}`;
};
const ledgerContractKey = (c: unknown) => {
  const entry = (c as { element: { contractEntry: Record<string, { createdEvent?: { contractId: string } }> } }).element.contractEntry;
  const [kind, v] = Object.entries(entry)[0]!;
  return `${kind} ${v.createdEvent?.contractId ?? ''}`;
};
const ledgerFeedKey = (item: unknown) => {
  const i = item as LedgerFeedItem;
  if (!('_tag' in i)) return ledgerUpdateKey(i);
  return i._tag === 'SnapshotContract' ? `contract ${ledgerContractKey(i)}` : `${i._tag} ${JSON.stringify(i.checkpoint)}`;
};
/** Two neighbours share a record time (on two synchronizers): the Scan cursor's ties are exercised. */
const hasTies = (values: readonly unknown[]) => {
  const times = values.map((v) => {
    const i = v as { record_time?: string; update?: { record_time: string } };
    return i.record_time ?? i.update?.record_time;
  });
  assert.ok(times.some((t, i) => i > 0 && t !== undefined && t === times[i - 1]), 'no two neighbours share a record time');
};
/** The feed has every part of a composite stream: a marker, snapshot contracts, then updates. */
const hasParts = (marker: string, contract: string) => (values: readonly unknown[]) => {
  const tags = values.map((v) => ((v as { _tag?: string })._tag ?? 'update'));
  assert.equal(tags[0], marker);
  assert.ok(tags.filter((t) => t === contract).length > 4, 'snapshot contracts over more than one page');
  assert.equal(tags.at(-1), 'update');
};
const FAR = '2100-01-01T00:00:00Z';

describe('resuming from every item, per cursor family and per stream (against the simulated network)', function () {
  this.timeout(120_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let hosted: readonly string[];
  let snapshot: { migration_id: number; record_time: string };
  let lastMigration: number;
  let synchronizerId: string;

  before(async () => {
    // Short pages and tied record times exercise the Scan cursor's rules; two migrations make
    // import updates; bulk storage serves its objects; extra users make several pages of users.
    net = await startSimulatedNetwork({
      seed: 'resume-every-item',
      updates: 60,
      migrations: 2,
      snapshotEvery: 12,
      shortPages: 0.5,
      tiedRecordTimes: 1,
      bulkStorage: { checksums: {} },
      users: ['u-a', 'u-b', 'u-c', 'u-d', 'u-e', 'u-f'].map((userId) => ({ userId })),
    });
    hosted = net.hostedParties;
    client = createClient({
      scan: { url: net.scanUrl },
      ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'admin', admin: true, readAs: [...hosted] }) },
    });
    const info = net.info();
    lastMigration = info.last.migrationId;
    const s = info.snapshots.filter((x) => x.migrationId === lastMigration)[0]!;
    snapshot = { migration_id: s.migrationId, record_time: s.recordTime };
    const res = await fetch(`${net.scanUrl}/v1/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 1000 }) });
    const history = ((await res.json()) as { transactions: Array<Record<string, unknown>> }).transactions;
    synchronizerId = history.find((i) => 'synchronizer_id' in i)!['synchronizer_id'] as string;
  });
  after(() => net.close());

  // The token standard's streams read a network of their own, with transfer offers (locked
  // holdings, transfer instructions), so that the history above stays as it is.
  let tokens: { net: SimulatedNetwork; client: CantonClient } | undefined;
  const tokenClient = async (): Promise<{ net: SimulatedNetwork; client: CantonClient }> => {
    if (tokens !== undefined) return tokens;
    const offers = await startSimulatedNetwork({ seed: 'resume-every-item', updates: 150, transferOffers: 0.3 });
    tokens = { net: offers, client: createClient({ ledger: { url: offers.ledgerUrl, token: mintToken({ userId: 'wallet', readAs: [...offers.hostedParties] }) } }) };
    return tokens;
  };
  after(() => tokens?.net.close());

  const eventFormat = () => ({ filtersByParty: Object.fromEntries(hosted.map((p) => [p, {}])) });
  const updateFormat = () => ({ includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: eventFormat() }, includeReassignments: eventFormat() });
  let ledgerStartCheckpoint: unknown;
  const opts = (from: unknown) => (from === undefined ? {} : { from: from as never });

  const families: ReadonlyArray<{ readonly family: CursorFamily; readonly note?: string; readonly entries: ReadonlyArray<Entry> }> = [
    {
      family: 'scan cursor',
      note: 'ties and short pages',
      entries: [
        { name: 'scan.updates (v2)', key: field('update_id'), shows: hasTies, read: (from) => pageRecords(client.scan.pages.updates({ page_size: 4 }, opts(from))) },
        { name: 'scan.updates (v1)', key: field('update_id'), shows: hasTies, read: (from) => pageRecords(client.scan.pages.updates({ page_size: 4 }, { version: 'v1', ...opts(from) })) },
        {
          name: 'scan.events',
          shows: hasTies,
          key: (e) => {
            const ev = e as { update?: { update_id: string }; verdict?: { update_id: string } };
            return ev.update?.update_id ?? `verdict ${ev.verdict?.update_id}`;
          },
          read: (from) => pageRecords(client.scan.pages.events({ page_size: 4 }, opts(from))),
        },
        {
          // An interpretation of scan.updates (its own spec reads pages of 1 and 7): an element's checkpoint is its update's, with its index inside it.
          name: 'scan.activity',
          key: (a) => `${(a as { update_id: string }).update_id}#${(a as { index: number }).index}`,
          read: (from) => pageRecords(client.scan.pages.activity({ page_size: 25 }, opts(from))),
        },
      ],
    },
    {
      family: 'walking by record time or id',
      entries: [
        {
          name: 'scan.updatesBefore',
          key: field('update_id'),
          read: (from) => pageRecords(client.scan.pages.updatesBefore({ migration_id: lastMigration, synchronizer_id: synchronizerId, before: FAR, count: 4 }, opts(from))),
        },
        {
          name: 'scan.importUpdates',
          key: field('update_id'),
          read: (from) => pageRecords(client.scan.pages.importUpdates({ migration_id: lastMigration, after_update_id: '', limit: 4 }, opts(from))),
        },
      ],
    },
    {
      family: 'snapshot',
      entries: [
        {
          name: 'scan.holdings',
          key: field('contract_id'),
          read: (from) =>
            pageRecords(client.scan.pages.holdings({ ...snapshot, page_size: 3, owner_party_ids: Object.values(net.parties) as [string, ...string[]] }, opts(from))),
        },
        { name: 'scan.acsSnapshot', key: field('contract_id'), read: (from) => pageRecords(client.scan.pages.acsSnapshot({ ...snapshot, page_size: 4 }, opts(from))) },
      ],
    },
    {
      family: 'page token',
      entries: [
        {
          name: 'scan.validatorLicenses',
          key: field('contract_id'),
          // The history holds few licences: a page each.
          minItems: 2,
          read: (from) => itemRecords(client.scan.validatorLicenses({ limit: 1 }, opts(from)), (licence) => checkpointOf(licence)),
        },
        // Few closed votes in a short history: a page each.
        { name: 'scan.voteResults', key: (v) => JSON.stringify(v), minItems: 2, read: (from) => listedRecords(client.scan.voteResults({ limit: 1 }, opts(from))) },
        {
          name: 'scan.bulkUpdateHistoryObjects',
          key: field('url'),
          minItems: 5,
          read: (from) => listedRecords(client.scan.bulkUpdateHistoryObjects({ start_record_time: '2000-01-01T00:00:00Z', end_record_time: FAR, page_size: 2 }, opts(from))),
        },
        { name: 'ledger.parties', key: field('party'), read: (from) => listedRecords(client.ledger.parties({ pageSize: 3 }, opts(from))) },
        { name: 'ledger.users', key: field('id'), read: (from) => listedRecords(client.ledger.users({ pageSize: 2 }, opts(from))) },
        {
          name: 'ledger.vettedPackages',
          key: (v) => JSON.stringify(v),
          read: (from) => listedRecords(client.ledger.vettedPackages({ pageSize: 2 }, opts(from))),
        },
        {
          name: 'ledger.holdings',
          key: field('contractId'),
          read: async (from) => {
            const { net: offers, client: wallet } = await tokenClient();
            return pageRecords(wallet.ledger.pages.holdings({ party: offers.party('alice'), maxPageSize: 2 }, opts(from)));
          },
        },
        {
          name: 'ledger.transferInstructions',
          key: field('contractId'),
          // A few offers are pending at a time: a page each.
          minItems: 4,
          read: async (from) => {
            const { net: offers, client: wallet } = await tokenClient();
            return itemRecords(wallet.ledger.transferInstructions({ party: offers.party('bob'), maxPageSize: 1 }, opts(from)), (i: { checkpoint: unknown }) => i.checkpoint);
          },
        },
        {
          name: 'ledger.activeContracts',
          key: ledgerContractKey,
          read: (from) => itemRecords(client.ledger.activeContracts({ eventFormat: eventFormat(), maxPageSize: 4 }, opts(from)), (c: { checkpoint: unknown }) => c.checkpoint),
        },
      ],
    },
    {
      family: 'offset bound',
      entries: [
        { name: 'ledger.updates', key: ledgerUpdateKey, read: (from) => pageRecords(client.ledger.pages.updates({ updateFormat: updateFormat(), maxPageSize: 4 }, opts(from))) },
        {
          name: 'ledger.tokenStandardHistory',
          key: field('updateId'),
          read: async (from) => {
            const { net: offers, client: wallet } = await tokenClient();
            return pageRecords(wallet.ledger.pages.tokenStandardHistory({ party: offers.party('alice'), maxPageSize: 4 }, opts(from)));
          },
        },
      ],
    },
    // Last: these entries change the network (appended updates, a pruned participant).
    {
      family: 'composite',
      note: 'a snapshot, then a family above',
      entries: [
        {
          name: 'ledger.tokenBalances',
          key: (b) => String((b as { offset: number }).offset),
          read: async (from) => {
            const { net: offers, client: wallet } = await tokenClient();
            return itemRecords(wallet.ledger.tokenBalances({ party: offers.party('alice'), maxPageSize: 4 }, opts(from)), (b: { checkpoint: unknown }) => b.checkpoint);
          },
        },
        {
          name: 'scan.updatesFromSnapshot',
          key: scanFeedKey,
          shows: hasParts('ScanSnapshot', 'ScanSnapshotContract'),
          // Updates after the last snapshot: the feed goes from its contracts into the updates.
          prepare: async () => {
            // A snapshot every few updates: append one at a time until three follow the last one.
            for (let k = 0, after = 0; after < 3; k++) {
              assert.ok(k < 40, 'no run of updates after a snapshot');
              net.append(1);
              const info = net.info();
              after = info.snapshots.filter((x) => x.migrationId === lastMigration).at(-1)!.recordTime < info.last.recordTime ? after + 1 : 0;
            }
          },
          read: (from) =>
            itemRecords(
              client.scan.updatesFromSnapshot({ page_size: 4 }, { migration_id: lastMigration, before: FAR, snapshotPageSize: 4, ...opts(from) }),
              (i: ScanFeedItem) => ('_tag' in i ? i.checkpoint : checkpointOf(i)),
            ),
        },
        {
          name: 'ledger.updatesWithSnapshot',
          key: ledgerFeedKey,
          shows: hasParts('PrunedSnapshot', 'SnapshotContract'),
          // Pruned halfway and resumed from an early update: the marker, the snapshot, then the updates.
          prepare: async () => {
            const all = await rightsOf(client.ledger.updates({ updateFormat: updateFormat() }));
            ledgerStartCheckpoint = checkpointOf(all[1] as never);
            net.prune((checkpointOf(all[Math.floor(all.length / 2)] as never) as { offset: number }).offset);
          },
          start: () => ledgerStartCheckpoint,
          read: (from) =>
            itemRecords(client.ledger.updatesWithSnapshot({ updateFormat: updateFormat(), maxPageSize: 4 }, { snapshotPageSize: 4, ...opts(from) }), (i: LedgerFeedItem) =>
              '_tag' in i ? i.checkpoint : checkpointOf(i),
            ),
        },
      ],
    },
  ];
  // The name of an entry starts with its stream's (`scan.updates (v1)`).
  const streamOf = (entry: Entry) => entry.name.split(' ')[0] as keyof typeof recordStreams;

  it('has a case for every entry of recordStreams, under the entry\'s family', () => {
    const cases = families.flatMap(({ family, entries }) => entries.map((e) => [streamOf(e), family] as const));
    assert.deepEqual([...new Map(cases)].sort(), Object.entries(recordStreams).map(([name, e]) => [name, e.family]).sort());
  });

  for (const { family, note, entries } of families) {
    describe(note === undefined ? family : `${family} (${note})`, () => {
      for (const entry of entries) {
        (entry.defect ? it.skip : it)(`${entry.name}: resumed from every item's checkpoint, exactly the items after it`, async () => {
          await entry.prepare?.();
          const all = await entry.read(entry.start?.());
          const keys = all.map((r) => entry.key(r.value));
          assert.ok(all.length >= (entry.minItems ?? 6), `${entry.name}: ${all.length} items, not several pages`);
          entry.shows?.(all.map((r) => r.value));
          assert.equal(new Set(keys).size, keys.length, `${entry.name}: a key repeats in the whole read`);
          for (let i = 0; i < all.length; i++) {
            // A checkpoint is stored as JSON and read back.
            const from = JSON.parse(JSON.stringify(all[i]!.checkpoint)) as unknown;
            assert.ok(from !== undefined && from !== null, `${entry.name}: item ${i} has no checkpoint`);
            assert.ok(E.isRight((recordStreams[streamOf(entry)].checkpoint as { decode: (u: unknown) => E.Either<unknown, unknown> }).decode(from)), `${entry.name}: item ${i}'s checkpoint is refused by the stream's codec`);
            const rest = await entry.read(from);
            assert.deepEqual(rest.map((r) => entry.key(r.value)), keys.slice(i + 1), `${entry.name}: keys after item ${i}`);
            assert.deepEqual(rest, all.slice(i + 1), `${entry.name}: items after item ${i}`);
          }
        });
      }
    });
  }
});
