import type * as L from '../codecs/ledger/index.js';
import type { LedgerUpdatesRequest } from '../streams/ledgerUpdates.js';
import { UsageError } from './UsageError.js';

/**
 * The filters of `canton-rx ledger updates` (and of the ledger side of `merge`).
 * @category CLI
 * @since 0.3.0
 */
export interface LedgerFilterFlags {
  readonly party: string[];
  readonly anyParty?: boolean;
  readonly templateId: string[];
  readonly shape: 'acs-delta' | 'ledger-effects';
  readonly beginExclusive?: number;
  readonly endInclusive?: number;
  readonly pageSize: number;
}

/**
 * The `get-updates-page` request of the ledger filters: transactions in the chosen shape and
 * reassignments, for the parties (or any party), narrowed to template ids when some are given.
 * @example
 * ```ts
 * ledgerUpdatesRequest({ party: ['alice::1220ab'], templateId: ['#splice-amulet:Splice.Amulet:Amulet'], shape: 'acs-delta', pageSize: 200 });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const ledgerUpdatesRequest = (flags: LedgerFilterFlags): LedgerUpdatesRequest => {
  if (flags.party.length === 0 && flags.anyParty !== true) throw new UsageError('give --party <id> (repeatable) or --any-party');
  if (flags.party.length > 0 && flags.anyParty === true) throw new UsageError('give --party or --any-party, not both');
  const filters: L.Filters =
    flags.templateId.length === 0 ? {} : { cumulative: flags.templateId.map((templateId) => ({ identifierFilter: { TemplateFilter: { value: { templateId } } } })) };
  const eventFormat: L.EventFormat = flags.anyParty === true ? { filtersForAnyParty: filters } : { filtersByParty: Object.fromEntries(flags.party.map((p) => [p, filters])) };
  return {
    updateFormat: {
      includeTransactions: { transactionShape: flags.shape === 'ledger-effects' ? 'TRANSACTION_SHAPE_LEDGER_EFFECTS' : 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat },
      includeReassignments: eventFormat,
    },
    maxPageSize: flags.pageSize,
    ...(flags.beginExclusive === undefined ? {} : { beginOffsetExclusive: flags.beginExclusive }),
    ...(flags.endInclusive === undefined ? {} : { endOffsetInclusive: flags.endInclusive }),
  };
};
