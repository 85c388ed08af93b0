import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { CantonError } from '../errors/CantonError.js';
import { withStrict, type Transport } from '../client/createTransport.js';
import type { Page } from '../paging/Page.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { ledgerActiveContractsPages } from './ledgerActiveContracts.js';
import { ledgerHoldingsPages } from './ledgerHoldings.js';
import { ledgerTransferInstructionsPages } from './ledgerTransferInstructions.js';
import { ledgerPartiesPages } from './ledgerParties.js';
import { ledgerUpdatesPages } from './ledgerUpdates.js';
import { ledgerUpdatesWithSnapshot } from './ledgerUpdatesWithSnapshot.js';
import { ledgerUsersPages } from './ledgerUsers.js';
import { ledgerTokenStandardHistoryPages } from './ledgerTokenStandardHistory.js';
import { ledgerVettedPackagesPages } from './ledgerVettedPackages.js';
import { scanAcsSnapshotPages } from './scanAcsSnapshot.js';
import { scanBulkUpdateHistoryObjectsPages } from './scanBulkUpdateHistoryObjects.js';
import { scanEventsPages } from './scanEvents.js';
import { scanHoldingsPages } from './scanHoldings.js';
import { scanImportUpdatesPages } from './scanImportUpdates.js';
import { scanUpdatesBeforePages } from './scanUpdatesBefore.js';
import { scanUpdatesFromSnapshot } from './scanUpdatesFromSnapshot.js';
import { scanUpdatesPages } from './scanUpdates.js';
import { scanValidatorLicensesPages } from './scanValidatorLicenses.js';
import { scanVoteResultsPages } from './scanVoteResults.js';

/**
 * How a record stream pages (docs/streams.md, "cursor families"): each family enforces its paging
 * rules once, in the engine's step of its module.
 * @internal
 */
export type CursorFamily = 'scan cursor' | 'walking by record time or id' | 'snapshot' | 'page token' | 'offset bound' | 'composite';

/**
 * One record stream: its endpoint read page by page (`pages`, the page form the groups offer as
 * `client.<group>.pages.<method>`), its cursor family and the codec of its checkpoint, which
 * decodes the stream's `from`. A composite stream names the entries it composes instead of pages
 * of its own.
 * @internal
 */
export interface RecordStreamEntry<R = never, O = never, A = unknown, C = unknown> {
  readonly group: 'scan' | 'ledger';
  readonly family: CursorFamily;
  readonly checkpoint: t.Decoder<unknown, C>;
  /** The page form: the endpoint read through the paging engine. Absent on a composite stream. */
  readonly pages?: (transport: Transport, request: R, options?: O) => Observable<E.Either<CantonError, Page<A, C>>>;
  /** A composite stream: the entries it reads one after the other. */
  readonly composes?: ReadonlyArray<string>;
  /** A composite stream: its elements (the snapshot's, then the updates'), each with its checkpoint. */
  readonly items?: (transport: Transport, request: R, options: O) => Observable<E.Either<CantonError, unknown>>;
}

const paged = <G extends 'scan' | 'ledger', R, O, A, C>(group: G, family: CursorFamily, checkpoint: t.Type<C, unknown, unknown>, pages: (transport: Transport, request: R, options?: O) => Observable<E.Either<CantonError, Page<A, C>>>) => ({
  group,
  family,
  checkpoint,
  pages,
});

/**
 * Scan's record streams, by name: apart from the ledger's, so that a Scan bundle holds no ledger
 * stream (each table behind a pure call: an unused one is dropped, reads of checkpointCodecs and all).
 * @internal
 */
export const scanRecordStreams = /*#__PURE__*/ (() =>
  ({
    'scan.updates': paged('scan', 'scan cursor', checkpointCodecs['scan.updates'], scanUpdatesPages),
    'scan.events': paged('scan', 'scan cursor', checkpointCodecs['scan.events'], scanEventsPages),
    'scan.updatesBefore': paged('scan', 'walking by record time or id', checkpointCodecs['scan.updatesBefore'], scanUpdatesBeforePages),
    'scan.importUpdates': paged('scan', 'walking by record time or id', checkpointCodecs['scan.importUpdates'], scanImportUpdatesPages),
    'scan.holdings': paged('scan', 'snapshot', checkpointCodecs['scan.holdings'], scanHoldingsPages),
    'scan.acsSnapshot': paged('scan', 'snapshot', checkpointCodecs['scan.acsSnapshot'], scanAcsSnapshotPages),
    'scan.voteResults': paged('scan', 'page token', checkpointCodecs['scan.voteResults'], scanVoteResultsPages),
    'scan.bulkUpdateHistoryObjects': paged('scan', 'page token', checkpointCodecs['scan.bulkUpdateHistoryObjects'], scanBulkUpdateHistoryObjectsPages),
    'scan.validatorLicenses': paged('scan', 'page token', checkpointCodecs['scan.validatorLicenses'], scanValidatorLicensesPages),
    'scan.updatesFromSnapshot': {
      group: 'scan',
      family: 'composite',
      checkpoint: checkpointCodecs['scan.updatesFromSnapshot'],
      composes: ['scan.acsSnapshot', 'scan.updates'],
      items: scanUpdatesFromSnapshot,
    },
  }) as const satisfies Readonly<Record<string, RecordStreamEntry<never, never>>>)();

/** The ledger's record streams, by name. @internal */
export const ledgerRecordStreams = /*#__PURE__*/ (() =>
  ({
    'ledger.updates': paged('ledger', 'offset bound', checkpointCodecs['ledger.updates'], ledgerUpdatesPages),
    'ledger.parties': paged('ledger', 'page token', checkpointCodecs['ledger.parties'], ledgerPartiesPages),
    'ledger.users': paged('ledger', 'page token', checkpointCodecs['ledger.users'], ledgerUsersPages),
    'ledger.vettedPackages': paged('ledger', 'page token', checkpointCodecs['ledger.vettedPackages'], ledgerVettedPackagesPages),
    'ledger.activeContracts': paged('ledger', 'page token', checkpointCodecs['ledger.activeContracts'], ledgerActiveContractsPages),
    'ledger.holdings': paged('ledger', 'page token', checkpointCodecs['ledger.holdings'], ledgerHoldingsPages),
    'ledger.transferInstructions': paged('ledger', 'page token', checkpointCodecs['ledger.transferInstructions'], ledgerTransferInstructionsPages),
    // ledger.updates interpreted: its checkpoints are the updates' own.
    'ledger.tokenStandardHistory': paged('ledger', 'offset bound', checkpointCodecs['ledger.updates'], ledgerTokenStandardHistoryPages),
    'ledger.updatesWithSnapshot': {
      group: 'ledger',
      family: 'composite',
      checkpoint: checkpointCodecs['ledger.updatesWithSnapshot'],
      composes: ['ledger.activeContracts', 'ledger.updates'],
      items: ledgerUpdatesWithSnapshot,
    },
  }) as const satisfies Readonly<Record<string, RecordStreamEntry<never, never>>>)();

/**
 * Every record stream of the client, by its name (its checkpoints' `stream`): the table the
 * groups' page forms are built from and the resume tests run over, one entry per stream.
 * @internal
 */
export const recordStreams = /*#__PURE__*/ (() => ({ ...scanRecordStreams, ...ledgerRecordStreams }))();

type Table = Readonly<Record<string, RecordStreamEntry<never, never>>>;
type PagedName<T> = { [K in keyof T]: T[K] extends { readonly pages: unknown } ? K : never }[keyof T];
type MethodOf<K> = K extends `${string}.${infer M}` ? M : never;
type Bound<F> = F extends (transport: Transport, request: infer R, options?: infer O) => infer P ? (request: R, options?: O) => P : never;

/**
 * The page forms of one group's table, bound to its transport (with a call's own `strict` laid over
 * the client's, as the item forms have it): `{ updates: (request, options) => ... }`
 * from the table's paged entries.
 * @internal
 */
export const pageFormsOf = <T extends Table>(table: T, transport: Transport): { [K in PagedName<T> as MethodOf<K>]: Bound<T[K] extends { readonly pages: infer F } ? F : never> } =>
  Object.fromEntries(
    Object.entries(table).flatMap(([name, entry]) =>
      entry.pages !== undefined ? [[name.slice(name.indexOf('.') + 1), (request: never, options?: { readonly strict?: boolean }) => (entry.pages as (t: Transport, r: never, o?: unknown) => unknown)(withStrict(transport, options), request, options)]] : [],
    ),
  ) as never;
