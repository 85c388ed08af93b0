import type { TokenStandardVersion } from '../tokenStandard/TokenStandardTransaction.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { ledgerUpdatesStream, type LedgerUpdatesRequest } from './ledgerUpdates.js';
import { interpret } from './interpret.js';
import type { ReadContext } from './recordStream.js';
import { TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { tokenStandardPageStep } from './tokenStandardPageStep.js';
import { parseTokenStandardTransaction } from '../tokenStandard/parseTokenStandardTransaction.js';

/**
 * The request of `ledger.tokenStandardHistory`: whose history, read by which standard, over
 * which offsets.
 * @category Streams
 * @since 0.4.0
 */
export interface TokenStandardHistoryRequest {
  /** The party whose holdings' history is read; the token must let it read as that party. */
  readonly party: string;
  /** `V1` (default, as the upstream CLI's `--standard-version`) or `V2`. */
  readonly standardVersion?: TokenStandardVersion;
  /** Start after this offset (default: the ledger's beginning or its pruning offset). */
  readonly beginOffsetExclusive?: number;
  /** Stop at this offset (default: the ledger end when read; with `tail`, none). */
  readonly endOffsetInclusive?: number;
  /** Updates per page of the underlying read (the participant caps it). */
  readonly maxPageSize?: number;
  /**
   * As the upstream CLI's `--strict`: a holding created or archived that no token-standard event
   * explains ends the history with a Left naming the transaction, instead of a raw
   * `Create` / `Archive` event. `strictIgnore` lists template names left out of the check.
   */
  readonly strict?: boolean;
  readonly strictIgnore?: ReadonlyArray<string>;
}

/**
 * Options of `ledger.tokenStandardHistory`: those of `ledger.updates` (`from` is a
 * `LedgerCheckpoint`, an item's `{ stream: 'ledger.updates', offset: item.offset }`), and the
 * lookups' limits: at most `lookupConcurrency` (default 8) events-by-contract-id requests at
 * once, and a cache of `lookupCacheSize` (default 10 000) contracts.
 * @category Streams
 * @since 0.4.0
 */
export interface TokenStandardHistoryOptions extends Omit<TailingStreamOptions<LedgerCheckpoint>, 'heartbeats'> {
  readonly lookupConcurrency?: number;
  readonly lookupCacheSize?: number;
}

// The package-name form, whichever version the participant vetted (docs/token-standard.md).
const INTERFACES: Record<TokenStandardVersion, ReadonlyArray<string>> = {
  V1: ['#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding', '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction'],
  V2: ['#splice-api-token-holding-v2:Splice.Api.Token.HoldingV2:Holding'],
};

/**
 * The filter of the history's reads for one party: the standard's interfaces with their views (so
 * that holdings carry them, and exercises name the interfaces they implement), and every other
 * event of the party's transactions (the choices that explain them).
 * @internal
 */
export const eventFormatOf = (party: string, version: TokenStandardVersion) => ({
  filtersByParty: {
    [party]: {
      cumulative: [
        ...INTERFACES[version].map((interfaceId) => ({ identifierFilter: { InterfaceFilter: { value: { interfaceId, includeInterfaceView: true, includeCreatedEventBlob: false } } } })),
        { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } },
      ],
    },
  },
  verbose: false,
});

/**
 * The updates request of a history (and of the balances): the party's transactions with the
 * ledger-effects shape and the standard's views, over the request's offsets.
 * @internal
 */
export const ledgerUpdatesRequestOf = (req: TokenStandardHistoryRequest): LedgerUpdatesRequest => ({
  updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat: eventFormatOf(req.party, req.standardVersion ?? 'V1') } },
  ...(req.beginOffsetExclusive !== undefined ? { beginOffsetExclusive: req.beginOffsetExclusive } : {}),
  ...(req.endOffsetInclusive !== undefined ? { endOffsetInclusive: req.endOffsetInclusive } : {}),
  ...(req.maxPageSize !== undefined ? { maxPageSize: req.maxPageSize } : {}),
});

/**
 * A party's token-standard history (see `LedgerGroup.tokenStandardHistory`,
 * `LedgerGroup.pages.tokenStandardHistory`): `ledger.updates` read with the ledger-effects shape
 * and the standard's interface views, interpreted page by page by the token-standard parser
 * (`interpret` with `tokenStandardPageStep`, its lookups through the stream's call path).
 * Checkpoints are the updates' (`LedgerCheckpoint`), so a history resumes, tails and drains as
 * `ledger.updates` does; its pages are metered under its own name.
 * @example
 * ```ts
 * ledgerTokenStandardHistoryStream.items(transport, { party: alice, standardVersion: 'V2' }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerTokenStandardHistoryStream = /*#__PURE__*/ interpret(ledgerUpdatesStream, {
  name: 'ledger.tokenStandardHistory',
  items: 'values',
  requestRequired: true,
  checks: (checks, request: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions) =>
    checks
      .check(typeof request.party === 'string' && request.party !== '', 'party', 'must be a party id (a non-empty string)')
      .check(request.standardVersion === undefined || request.standardVersion === 'V1' || request.standardVersion === 'V2', 'standardVersion', "must be 'V1' or 'V2'")
      .check(request.strictIgnore === undefined || (Array.isArray(request.strictIgnore) && request.strictIgnore.every((s) => typeof s === 'string')), 'strictIgnore', 'must be a list of template names')
      .check(options.lookupConcurrency === undefined || (Number.isSafeInteger(options.lookupConcurrency) && options.lookupConcurrency >= 1), 'lookupConcurrency', 'must be a whole number ≥ 1')
      .check(options.lookupCacheSize === undefined || (Number.isSafeInteger(options.lookupCacheSize) && options.lookupCacheSize >= 0), 'lookupCacheSize', 'must be a whole number ≥ 0'),
  request: ledgerUpdatesRequestOf,
  start: ({ call }: ReadContext, req: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions) => {
    const version = req.standardVersion ?? 'V1';
    return tokenStandardPageStep(call, {
      interpret: (tx, contractOf) => parseTokenStandardTransaction(tx, { party: req.party, standardVersion: version, strict: req.strict === true, strictIgnore: req.strictIgnore ?? [], contractOf }),
      keep: (tx) => tx.events.length > 0,
      eventFormat: eventFormatOf(req.party, version),
      lookupConcurrency: options.lookupConcurrency ?? 8,
      lookupCacheSize: options.lookupCacheSize ?? 10_000,
      // Following, a lookup outlives an outage as the pages do.
      retry: options.tail !== undefined ? { ...TAIL_RETRY, ...options.retry } : options.retry,
    });
  },
});

/** The page form of `ledger.tokenStandardHistory` (see `LedgerGroup.pages.tokenStandardHistory`). @internal */
export const ledgerTokenStandardHistoryPages = ledgerTokenStandardHistoryStream.pages;

/**
 * The item form of `ledger.tokenStandardHistory` (see `LedgerGroup.tokenStandardHistory`): each
 * transaction that touched the party's holdings, as the upstream parser's JSON.
 * @internal
 */
export const ledgerTokenStandardHistory = ledgerTokenStandardHistoryStream.items;
