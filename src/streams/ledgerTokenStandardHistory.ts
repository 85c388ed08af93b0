import { defer, Subject, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import * as ledgerOperations from '../generated/ledger/operations.js';
import type { Page } from '../paging/Page.js';
import { flattenPages, valuesOf } from '../paging/flattenPages.js';
import { meterPages } from '../telemetry/meterPages.js';
import { requireRequest } from '../validation/requireRequest.js';
import { Checks } from '../validation/checks.js';
import type { TokenStandardTransaction, TokenStandardVersion } from '../tokenStandard/TokenStandardTransaction.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { ledgerUpdatesPages } from './ledgerUpdates.js';
import type { TailingStreamOptions } from './options.js';
import { serverEndOf } from './serverEndOf.js';
import { tokenStandardPageStep } from './tokenStandardPageStep.js';

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
 */
const eventFormatOf = (party: string, version: TokenStandardVersion) => ({
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

const check = (request: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions) =>
  requireRequest(request, 'ledger.tokenStandardHistory request') ??
  new Checks()
    .check(typeof request.party === 'string' && request.party !== '', 'party', 'must be a party id (a non-empty string)')
    .check(request.standardVersion === undefined || request.standardVersion === 'V1' || request.standardVersion === 'V2', 'standardVersion', "must be 'V1' or 'V2'")
    .check(request.strictIgnore === undefined || (Array.isArray(request.strictIgnore) && request.strictIgnore.every((s) => typeof s === 'string')), 'strictIgnore', 'must be a list of template names')
    .check(options.lookupConcurrency === undefined || (Number.isSafeInteger(options.lookupConcurrency) && options.lookupConcurrency >= 1), 'lookupConcurrency', 'must be a whole number ≥ 1')
    .check(options.lookupCacheSize === undefined || (Number.isSafeInteger(options.lookupCacheSize) && options.lookupCacheSize >= 0), 'lookupCacheSize', 'must be a whole number ≥ 0')
    .result('ledger.tokenStandardHistory request', request);

/**
 * A party's token-standard history as a cold stream of pages (see
 * `LedgerGroup.pages.tokenStandardHistory`): `ledger.updates` read with the ledger-effects shape
 * and the standard's interface views, each page interpreted by the token-standard parser
 * (`tokenStandardPageStep`). Checkpoints are the updates' (`LedgerCheckpoint`), so a history
 * resumes, tails and drains as `ledger.updates` does; its pages are metered under its own name.
 * @internal
 */
export const ledgerTokenStandardHistoryPages = (
  transport: Transport,
  request: TokenStandardHistoryRequest,
  options: TokenStandardHistoryOptions = {},
): Observable<E.Either<CantonError, Page<TokenStandardTransaction, LedgerCheckpoint>>> =>
  checked(
    () => check(request, options),
    (req) =>
      defer(() => {
        const version = req.standardVersion ?? 'V1';
        const eventFormat = eventFormatOf(req.party, version);
        // The updates' own metering would count these pages twice, under another name: the read
        // goes through the transport without the telemetry the streams meter with (its spans stay).
        const quiet: Transport = Object.assign((call: Parameters<Transport>[0]) => transport(call), {
          ...(transport.okBytes === true ? { okBytes: true as const } : {}),
          ...(transport.strict === true ? { strict: true as const } : {}),
        });
        // Without the consumer's own pull, the stream pulls a page once the previous one is read
        // (its lookups done), so that pages do not pile up behind slow lookups.
        const pull = options.pull ?? new Subject<void>();
        const updates = ledgerUpdatesPages(
          quiet,
          {
            updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat } },
            ...(req.beginOffsetExclusive !== undefined ? { beginOffsetExclusive: req.beginOffsetExclusive } : {}),
            ...(req.endOffsetInclusive !== undefined ? { endOffsetInclusive: req.endOffsetInclusive } : {}),
            ...(req.maxPageSize !== undefined ? { maxPageSize: req.maxPageSize } : {}),
          },
          {
            ...(options.from !== undefined ? { from: options.from } : {}),
            ...(options.tail !== undefined ? { tail: options.tail } : {}),
            ...(options.retry !== undefined ? { retry: options.retry } : {}),
            ...(options.prefetch !== undefined ? { prefetch: options.prefetch } : {}),
            pull,
          },
        );
        return updates.pipe(
          tokenStandardPageStep(transport, {
            party: req.party,
            standardVersion: version,
            strict: req.strict === true,
            strictIgnore: req.strictIgnore ?? [],
            eventFormat,
            lookupConcurrency: options.lookupConcurrency ?? 8,
            lookupCacheSize: options.lookupCacheSize ?? 10_000,
            retry: options.retry,
            ...(options.pull === undefined ? { pageRead: () => (pull as Subject<void>).next() } : {}),
          }),
          meterPages(transport.telemetry, 'ledger.tokenStandardHistory', serverEndOf(transport, ledgerOperations.getLedgerEnd)),
        );
      }),
  );

/**
 * The item form of `ledgerTokenStandardHistoryPages` (see `LedgerGroup.tokenStandardHistory`):
 * each transaction that touched the party's holdings, as the upstream parser's JSON.
 * @internal
 */
export const ledgerTokenStandardHistory = (transport: Transport, request: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions = {}): Observable<E.Either<CantonError, TokenStandardTransaction>> =>
  flattenPages(ledgerTokenStandardHistoryPages(transport, request, options), valuesOf);
