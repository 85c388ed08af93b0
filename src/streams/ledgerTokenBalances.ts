import { concat, defer, EMPTY, map, mergeMap, of, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { decimalOfUnits, decimalUnits } from '../codecs/common/decimalUnits.js';
import { requireRequest } from '../validation/requireRequest.js';
import { Checks } from '../validation/checks.js';
import { holdingsChangeOf, type HoldingsChange } from '../tokenStandard/holdingsChangeOf.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { ledgerHoldings } from './ledgerHoldings.js';
import { eventFormatOf, ledgerUpdatesRequestOf, type TokenStandardHistoryOptions, type TokenStandardHistoryRequest } from './ledgerTokenStandardHistory.js';
import { ledgerUpdatesStream } from './ledgerUpdates.js';
import { interpret } from './interpret.js';
import type { ReadContext } from './recordStream.js';
import { tokenStandardPageStep } from './tokenStandardPageStep.js';

/**
 * One instrument's balance of a party: its unlocked and locked holdings' amounts and their sum,
 * exact `Decimal` strings with 10 fractional digits.
 * @category Streams
 * @since 0.4.0
 */
export interface InstrumentBalance {
  readonly instrumentId: { readonly admin: string; readonly id: string };
  readonly unlocked: string;
  readonly locked: string;
  readonly total: string;
}

/**
 * A party's balances after a transaction of its token-standard history (`updateId`,
 * `recordTime`), or at the start offset (`updateId: null`: the holdings there), per instrument in
 * the order first held; `checkpoint` resumes the balances exactly after it.
 * @category Streams
 * @since 0.4.0
 */
export interface TokenBalances {
  readonly _tag: 'TokenBalances';
  readonly updateId: string | null;
  readonly offset: number;
  readonly recordTime: string | null;
  readonly balances: ReadonlyArray<InstrumentBalance>;
  readonly checkpoint: LedgerCheckpoint;
}

type Units = { instrumentId: { admin: string; id: string }; unlocked: bigint; locked: bigint };
type Book = Map<string, Units>;

const keyOf = (i: { admin: string; id: string }) => JSON.stringify([i.admin, i.id]);
const isLocked = (lock: unknown) => lock !== null && lock !== undefined;

const add = (book: Book, instrumentId: { admin: string; id: string }, amount: string, locked: boolean, sign: 1n | -1n): void => {
  const key = keyOf(instrumentId);
  const entry = book.get(key) ?? { instrumentId: { admin: instrumentId.admin, id: instrumentId.id }, unlocked: 0n, locked: 0n };
  // The parser checked every amount it hands on.
  const units = decimalUnits(amount)! * sign;
  if (locked) entry.locked += units;
  else entry.unlocked += units;
  book.set(key, entry);
};

const balancesOf = (book: Book): InstrumentBalance[] =>
  [...book.values()].map((b) => ({ instrumentId: b.instrumentId, unlocked: decimalOfUnits(b.unlocked), locked: decimalOfUnits(b.locked), total: decimalOfUnits(b.unlocked + b.locked) }));

/** What a transaction did to the party's holdings: its creates added, what it consumed taken off. */
const apply = (book: Book, change: HoldingsChange): void => {
  for (const h of change.creates) add(book, h.instrumentId, h.amount, isLocked(h.lock), 1n);
  for (const h of change.archives) add(book, h.instrumentId, h.amount, isLocked(h.lock), -1n);
};

/**
 * The party's holdings changes, transaction by transaction (`holdingsChangeOf` over the updates
 * the history reads, the same request, checks and lookups): what the balances add up.
 */
const holdingsChangesStream = /*#__PURE__*/ interpret(ledgerUpdatesStream, {
  name: 'ledger.tokenBalances',
  items: 'values',
  requestRequired: true,
  request: ledgerUpdatesRequestOf,
  start: ({ call }: ReadContext, req: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions) =>
    tokenStandardPageStep(call, {
      interpret: (tx, contractOf) => holdingsChangeOf(tx, { party: req.party, contractOf }),
      keep: (c) => c.creates.length > 0 || c.archives.length > 0,
      eventFormat: eventFormatOf(req.party, req.standardVersion ?? 'V1'),
      lookupConcurrency: options.lookupConcurrency ?? 8,
      lookupCacheSize: options.lookupCacheSize ?? 10_000,
      retry: options.retry,
    }),
});

/**
 * A party's balances per instrument after each transaction that changed its holdings (see
 * `LedgerGroup.tokenBalances`): the party's holdings at the start offset (`ledger.holdings` at
 * that offset: the checkpoint's, else `beginOffsetExclusive`; none before the ledger's
 * beginning), then the history's reading of the updates from there (`readInterpretedUpdates`),
 * each transaction's holdings change (`holdingsChangeOf`: what it created and consumed, whichever
 * choice did it) applied exactly. A fresh read starts with the balances at the start; resuming from an item's
 * checkpoint gives exactly the items after it.
 * @internal
 */
export const ledgerTokenBalances = (transport: Transport, request: TokenStandardHistoryRequest, options: TokenStandardHistoryOptions = {}): Observable<E.Either<CantonError, TokenBalances>> =>
  checked(
    () => requireRequest(request, 'ledger.tokenBalances request') ?? new Checks().check(typeof request.party === 'string' && request.party !== '', 'party', 'must be a party id (a non-empty string)').result('ledger.tokenBalances request', request),
    (req) =>
      defer(() => {
        const start = options.from?.offset ?? req.beginOffsetExclusive ?? 0;
        const book: Book = new Map();
        // The holdings at the start: owned by the party (a lock's holder sees them too), views decoded.
        const opening: Observable<E.Either<CantonError, Book>> =
          start === 0
            ? of(E.right(book))
            : ledgerHoldings(transport, { party: req.party, activeAtOffset: start }, { ...(options.retry !== undefined ? { retry: options.retry } : {}) }).pipe(
                reduce<E.Either<CantonError, { view?: { owner: string; instrumentId: { admin: string; id: string }; amount: string; lock?: unknown } | undefined }>, E.Either<CantonError, Book>>(
                  (acc, r) => {
                    if (E.isLeft(acc)) return acc;
                    if (E.isLeft(r)) return r;
                    const v = r.right.view;
                    if (v !== undefined && v.owner === req.party) add(book, v.instrumentId, v.amount, isLocked(v.lock), 1n);
                    return acc;
                  },
                  E.right(book),
                ),
              );
        return opening.pipe(
          mergeMap((opened) => {
            if (E.isLeft(opened)) return of(opened);
            const first: TokenBalances = { _tag: 'TokenBalances', updateId: null, offset: start, recordTime: null, balances: balancesOf(book), checkpoint: { stream: 'ledger.updates', offset: start } };
            const changes = holdingsChangesStream.items(transport, { ...req, beginOffsetExclusive: start }, { ...options, ...(start > 0 ? { from: { stream: 'ledger.updates', offset: start } } : {}) });
            const history = changes.pipe(
              map((r): E.Either<CantonError, TokenBalances> => {
                if (E.isLeft(r)) return r;
                apply(book, r.right);
                return E.right({ _tag: 'TokenBalances', updateId: r.right.updateId, offset: r.right.offset, recordTime: r.right.recordTime, balances: balancesOf(book), checkpoint: { stream: 'ledger.updates', offset: r.right.offset } });
              }),
            );
            // Resumed: the item at the checkpoint was delivered already.
            return concat(options.from === undefined ? of(E.right(first)) : EMPTY, history);
          }),
        );
      }),
  );
