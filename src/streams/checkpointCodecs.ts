import * as t from 'io-ts';
import { Timestamp } from '../codecs/common/primitives.js';
import type {
  AcsSnapshotCheckpoint,
  BulkUpdateHistoryCheckpoint,
  EventsCheckpoint,
  HoldingsCheckpoint,
  ImportUpdatesCheckpoint,
  LedgerCheckpoint,
  LedgerSnapshotCheckpoint,
  ScanActivityCheckpoint,
  ScanCheckpoint,
  ScanSnapshotCheckpoint,
  UpdatesBeforeCheckpoint,
  ValidatorLicensesCheckpoint,
  VettedPackagesCheckpoint,
  VoteResultsCheckpoint,
} from './checkpoints.js';
import type { LedgerListCheckpoint } from './LedgerListed.js';

// The names are the messages a refused `from` shows ("from.index: must be an integer ≥ -1").
const described = <A>(name: string, is: (u: unknown) => u is A): t.Type<A, A, unknown> =>
  new t.Type<A, A, unknown>(name, is, (u, c) => (is(u) ? t.success(u) : t.failure(u, c)), t.identity);

const isInt = (u: unknown): u is number => typeof u === 'number' && Number.isSafeInteger(u);
const NonNegativeInt = described('a non-negative integer', (u): u is number => isInt(u) && u >= 0);
const IndexOrMarker = described('an integer ≥ -1', (u): u is number => isInt(u) && u >= -1);
const IntToken = described('a page token (an integer)', isInt);
const Id = described('an id (a non-empty string)', (u): u is string => typeof u === 'string' && u !== '');
const StringToken = described('a page token (a non-empty string)', (u): u is string => typeof u === 'string' && u !== '');
// Snapshot pages' tokens are written as the server gave them; an empty one was never refused.
const AnyToken = described('a page token (a string)', (u): u is string => typeof u === 'string');
const Instant = described('an RFC 3339 timestamp', Timestamp.is);

const literal = <S extends string>(s: S) => described(`'${s}'`, (u): u is S => u === s);

const checkpoint = <S extends string, R extends t.Props, O extends t.Props>(stream: S, required: R, optional: O, name: string) =>
  t.intersection([t.type({ stream: literal(stream), ...required }), t.partial(optional)], name);

/**
 * Decodes the checkpoint of one of several streams by its `stream`, so that a refusal names the
 * fields of that stream only (a union would list every member's).
 */
const byStream = <A extends { readonly stream: string }>(name: string, members: Readonly<Record<A['stream'], t.Mixed>>): t.Type<A, unknown, unknown> => {
  const table = members as Readonly<Record<string, t.Mixed>>;
  const names = Object.keys(table);
  const streamType = described(names.map((s) => `'${s}'`).join(' or '), (u): u is string => typeof u === 'string' && Object.prototype.hasOwnProperty.call(table, u));
  const objectType = described('a checkpoint object', (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u));
  const memberOf = (u: unknown) => (objectType.is(u) && streamType.is(u['stream']) ? table[u['stream']] : undefined);
  return new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => memberOf(u)?.is(u) ?? false,
    (u, c) => {
      if (!objectType.is(u)) return t.failure(u, [...c.slice(0, -1), { ...c[c.length - 1]!, type: objectType }]);
      const member = memberOf(u);
      if (member === undefined) return t.failure(u['stream'], t.appendContext(c, 'stream', streamType, u['stream']));
      // The member stands where this type stood, so that its fields' paths start here.
      return member.validate(u, [...c.slice(0, -1), { ...c[c.length - 1]!, type: member }]);
    },
    t.identity,
  );
};

const ledger = checkpoint('ledger.updates', { offset: NonNegativeInt }, {}, 'LedgerCheckpoint');
const scan = checkpoint('scan.updates', { migration_id: NonNegativeInt, record_time: Instant }, { update_id: Id }, 'ScanCheckpoint');
const ledgerSnapshot = checkpoint('ledger.snapshot', { activeAtOffset: NonNegativeInt, index: IndexOrMarker }, { pageToken: AnyToken }, 'LedgerSnapshotCheckpoint');
const scanSnapshot = checkpoint('scan.snapshot', { migration_id: NonNegativeInt, record_time: Instant, index: IndexOrMarker }, { after: AnyToken }, 'ScanSnapshotCheckpoint');
const snapshotContract = <S extends string>(stream: S, name: string) =>
  checkpoint(stream, { migration_id: NonNegativeInt, record_time: Instant, contract_id: Id }, { after: AnyToken }, name);
const tokenIndexed = <S extends string, T extends t.Mixed>(stream: S, token: T, name: string) => checkpoint(stream, { index: NonNegativeInt }, { pageToken: token }, name);
const listed = <S extends string>(stream: S) => checkpoint(stream, { id: Id }, { pageToken: StringToken }, 'LedgerListCheckpoint');

/**
 * The io-ts codec of every record stream's checkpoint, by the stream it belongs to (its
 * `stream`), and of the streams that accept two kinds (`ledger.activeContracts`,
 * `ledger.holdings`, `ledger.transferInstructions` and `ledger.updatesWithSnapshot`: a
 * `ledger.snapshot` or a `ledger.updates` checkpoint;
 * `scan.updatesFromSnapshot`: a `scan.snapshot` or a `scan.updates` one). Every stream decodes its
 * `from` with these, so a checkpoint read back from storage can be checked the same way before it
 * is handed over.
 * @example
 * ```ts
 * import { checkpointCodecs, createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 * const stored: unknown = JSON.parse(await readFile('checkpoint.json', 'utf8'));
 * const from = checkpointCodecs['scan.updates'].decode(stored);
 * if (E.isRight(from)) createClient({ scan: { url } }).scan.updates({ page_size: 100 }, { from: from.right }).subscribe(console.log);
 * ```
 * @category Streams
 * @since 0.3.0
 */
export const checkpointCodecs = {
  'ledger.updates': ledger as t.Type<LedgerCheckpoint, unknown, unknown>,
  'ledger.snapshot': ledgerSnapshot as t.Type<LedgerSnapshotCheckpoint, unknown, unknown>,
  'ledger.activeContracts': byStream<LedgerSnapshotCheckpoint | LedgerCheckpoint>('ActiveContractsCheckpoint', { 'ledger.snapshot': ledgerSnapshot, 'ledger.updates': ledger }),
  'ledger.updatesWithSnapshot': byStream<LedgerSnapshotCheckpoint | LedgerCheckpoint>('UpdatesWithSnapshotCheckpoint', { 'ledger.updates': ledger, 'ledger.snapshot': ledgerSnapshot }),
  // The token standard's views read the active contracts: their checkpoints are the snapshot's.
  'ledger.holdings': byStream<LedgerSnapshotCheckpoint | LedgerCheckpoint>('HoldingsViewCheckpoint', { 'ledger.snapshot': ledgerSnapshot, 'ledger.updates': ledger }),
  'ledger.transferInstructions': byStream<LedgerSnapshotCheckpoint | LedgerCheckpoint>('TransferInstructionsCheckpoint', { 'ledger.snapshot': ledgerSnapshot, 'ledger.updates': ledger }),
  'ledger.parties': listed('ledger.parties') as t.Type<LedgerListCheckpoint, unknown, unknown>,
  'ledger.users': listed('ledger.users') as t.Type<LedgerListCheckpoint, unknown, unknown>,
  'ledger.vettedPackages': tokenIndexed('ledger.vettedPackages', StringToken, 'VettedPackagesCheckpoint') as t.Type<VettedPackagesCheckpoint, unknown, unknown>,
  'scan.updates': scan as t.Type<ScanCheckpoint, unknown, unknown>,
  // An element inside an update: the update's checkpoint and the element's index (ScanActivityCheckpoint).
  'scan.activity': checkpoint('scan.updates', { migration_id: NonNegativeInt, record_time: Instant }, { update_id: Id, element: NonNegativeInt }, 'ScanActivityCheckpoint') as t.Type<ScanActivityCheckpoint, unknown, unknown>,
  'scan.snapshot': scanSnapshot as t.Type<ScanSnapshotCheckpoint, unknown, unknown>,
  'scan.updatesFromSnapshot': byStream<ScanSnapshotCheckpoint | ScanCheckpoint>('UpdatesFromSnapshotCheckpoint', { 'scan.snapshot': scanSnapshot, 'scan.updates': scan }),
  'scan.events': checkpoint('scan.events', { migration_id: NonNegativeInt, record_time: Instant }, { update_id: Id }, 'EventsCheckpoint') as t.Type<EventsCheckpoint, unknown, unknown>,
  'scan.updatesBefore': checkpoint('scan.updatesBefore', { migration_id: NonNegativeInt, synchronizer_id: Id, record_time: Instant, update_id: Id }, {}, 'UpdatesBeforeCheckpoint') as t.Type<UpdatesBeforeCheckpoint, unknown, unknown>,
  'scan.importUpdates': checkpoint('scan.importUpdates', { migration_id: NonNegativeInt, update_id: Id }, {}, 'ImportUpdatesCheckpoint') as t.Type<ImportUpdatesCheckpoint, unknown, unknown>,
  'scan.holdings': snapshotContract('scan.holdings', 'HoldingsCheckpoint') as t.Type<HoldingsCheckpoint, unknown, unknown>,
  'scan.acsSnapshot': snapshotContract('scan.acsSnapshot', 'AcsSnapshotCheckpoint') as t.Type<AcsSnapshotCheckpoint, unknown, unknown>,
  'scan.validatorLicenses': checkpoint('scan.validatorLicenses', { contract_id: Id }, { after: IntToken }, 'ValidatorLicensesCheckpoint') as t.Type<ValidatorLicensesCheckpoint, unknown, unknown>,
  'scan.voteResults': tokenIndexed('scan.voteResults', IntToken, 'VoteResultsCheckpoint') as t.Type<VoteResultsCheckpoint, unknown, unknown>,
  'scan.bulkUpdateHistoryObjects': tokenIndexed('scan.bulkUpdateHistoryObjects', StringToken, 'BulkUpdateHistoryCheckpoint') as t.Type<BulkUpdateHistoryCheckpoint, unknown, unknown>,
  'ledger.completions': checkpoint('ledger.completions', { offset: NonNegativeInt }, {}, 'CompletionsCheckpoint'),
} as const;
