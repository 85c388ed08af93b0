import { withStrict, type Transport } from '../client/createTransport.js';
import type { RecordStreamEntry } from './recordStream.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { ledgerActiveContractsStream } from './ledgerActiveContracts.js';
import { ledgerHoldingsStream } from './ledgerHoldings.js';
import { ledgerTransferInstructionsStream } from './ledgerTransferInstructions.js';
import { ledgerPartiesStream } from './ledgerParties.js';
import { ledgerUpdatesStream } from './ledgerUpdates.js';
import { ledgerTokenBalances } from './ledgerTokenBalances.js';
import { ledgerUpdatesWithSnapshot } from './ledgerUpdatesWithSnapshot.js';
import { ledgerUsersStream } from './ledgerUsers.js';
import { ledgerTokenStandardHistoryStream } from './ledgerTokenStandardHistory.js';
import { ledgerVettedPackagesStream } from './ledgerVettedPackages.js';
import { scanAcsSnapshotStream } from './scanAcsSnapshot.js';
import { scanBulkUpdateHistoryObjectsStream } from './scanBulkUpdateHistoryObjects.js';
import { scanEventsStream } from './scanEvents.js';
import { scanActivityStream } from './scanActivity.js';
import { scanHoldingsStream } from './scanHoldings.js';
import { scanImportUpdatesStream } from './scanImportUpdates.js';
import { scanUpdatesBeforeStream } from './scanUpdatesBefore.js';
import { scanUpdatesFromSnapshot } from './scanUpdatesFromSnapshot.js';
import { scanUpdatesStream } from './scanUpdates.js';
import { scanValidatorLicensesStream } from './scanValidatorLicenses.js';
import { scanVoteResultsStream } from './scanVoteResults.js';

export type { CursorFamily, RecordStreamEntry } from './recordStream.js';

/**
 * Scan's record streams, by name: apart from the ledger's, so that a Scan bundle holds no ledger
 * stream (each table behind a pure call: an unused one is dropped, reads of checkpointCodecs and all).
 * @internal
 */
export const scanRecordStreams = /*#__PURE__*/ (() =>
  ({
    'scan.updates': scanUpdatesStream,
    'scan.events': scanEventsStream,
    'scan.activity': scanActivityStream,
    'scan.updatesBefore': scanUpdatesBeforeStream,
    'scan.importUpdates': scanImportUpdatesStream,
    'scan.holdings': scanHoldingsStream,
    'scan.acsSnapshot': scanAcsSnapshotStream,
    'scan.voteResults': scanVoteResultsStream,
    'scan.bulkUpdateHistoryObjects': scanBulkUpdateHistoryObjectsStream,
    'scan.validatorLicenses': scanValidatorLicensesStream,
    'scan.updatesFromSnapshot': {
      group: 'scan',
      name: 'scan.updatesFromSnapshot',
      family: 'composite',
      checkpoint: checkpointCodecs['scan.updatesFromSnapshot'],
      composes: ['scan.acsSnapshot', 'scan.updates'],
      items: scanUpdatesFromSnapshot,
    },
  }) as const satisfies Readonly<Record<string, RecordStreamEntry<never, never>>>)();

/** The ledger's record streams, by name. @internal */
export const ledgerRecordStreams = /*#__PURE__*/ (() =>
  ({
    'ledger.updates': ledgerUpdatesStream,
    'ledger.parties': ledgerPartiesStream,
    'ledger.users': ledgerUsersStream,
    'ledger.vettedPackages': ledgerVettedPackagesStream,
    'ledger.activeContracts': ledgerActiveContractsStream,
    'ledger.holdings': ledgerHoldingsStream,
    'ledger.transferInstructions': ledgerTransferInstructionsStream,
    'ledger.tokenStandardHistory': ledgerTokenStandardHistoryStream,
    'ledger.updatesWithSnapshot': {
      group: 'ledger',
      name: 'ledger.updatesWithSnapshot',
      family: 'composite',
      checkpoint: checkpointCodecs['ledger.updatesWithSnapshot'],
      composes: ['ledger.activeContracts', 'ledger.updates'],
      items: ledgerUpdatesWithSnapshot,
    },
    // The holdings at the start offset, then each transaction's holdings change applied.
    'ledger.tokenBalances': {
      group: 'ledger',
      name: 'ledger.tokenBalances',
      family: 'composite',
      checkpoint: checkpointCodecs['ledger.updates'],
      composes: ['ledger.holdings', 'ledger.tokenStandardHistory'],
      items: ledgerTokenBalances,
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
