import * as E from 'fp-ts/lib/Either.js';
import type { JsTransaction } from '../codecs/ledger/JsTransaction.js';
import type { TokenStandardContract, TokenStandardCreated, TokenStandardHolding } from './TokenStandardTransaction.js';
import type { TokenStandardParse } from './parseTokenStandardTransaction.js';
import { HOLDING_V1, HOLDING_V2, nodeEventOf, type ParseContext, unitsAt, Unreadable, viewOf } from './parseSupport.js';

/**
 * What a transaction did to one party's holdings, read from the ledger's events themselves
 * rather than from the token-standard events that explain them: every holding of the party's it
 * created, and every one it consumed (an archival, or any consuming exercise of the contract),
 * transient ones left out.
 * @category Token standard
 * @since 0.4.0
 */
export interface HoldingsChange {
  readonly updateId: string;
  readonly offset: number;
  readonly recordTime: string;
  readonly creates: ReadonlyArray<TokenStandardHolding>;
  readonly archives: ReadonlyArray<TokenStandardHolding>;
}

const record = (u: unknown): Record<string, unknown> | undefined => (typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : undefined);

/** The contract's holding (Holding V1's view, else V2's), or null for a contract that is none. */
const holdingOf = (ctx: ParseContext, created: TokenStandardCreated, where: string): TokenStandardHolding | null => {
  const view = viewOf(ctx, created, where, [HOLDING_V1, HOLDING_V2]);
  if (view === undefined) return null;
  const v = view.value;
  unitsAt(ctx, v['amount'], `${view.path}.amount`);
  const owner = view.interface === HOLDING_V1 ? v['owner'] : record(v['account'])?.['owner'];
  const instrument = record(v['instrumentId']);
  return {
    contractId: created.contractId,
    owner: typeof owner === 'string' ? owner : '',
    instrumentId: { admin: String(instrument?.['admin'] ?? ''), id: String(instrument?.['id'] ?? '') },
    amount: v['amount'] as string,
    lock: v['lock'] ?? null,
    meta: v['meta'],
  };
};

/**
 * The change a transaction made to a party's holdings (`HoldingsChange`), whichever choices
 * made it: what the balances of `ledger.tokenBalances` add up, so that they equal the party's
 * active holdings after every transaction even where no token-standard event explains a change.
 * Pure, as `parseTokenStandardTransaction`: a consumed contract the transaction did not create
 * comes from `contractOf`, and while one is unknown the answer is `NeedsContracts`.
 * @example
 * ```ts
 * import { holdingsChangeOf } from 'canton-rx';
 * declare const tx: import('canton-rx').codecs.ledger.JsTransaction;
 * const change = holdingsChangeOf(tx, { party: 'alice::1220…', contractOf: () => null });
 * if (change._tag === 'Parsed' && change.result._tag === 'Right') console.log(change.result.right.creates.length);
 * ```
 * @category Token standard
 * @since 0.4.0
 */
export const holdingsChangeOf = (tx: JsTransaction, options: { readonly party: string; readonly contractOf: (contractId: string) => TokenStandardContract | undefined }): TokenStandardParse<HoldingsChange> => {
  const ctx: ParseContext = { tx, party: options.party, contractOf: options.contractOf, missing: new Set() };
  const creates: TokenStandardHolding[] = [];
  const archives: TokenStandardHolding[] = [];
  try {
    const created = new Map<string, TokenStandardCreated>();
    tx.events.forEach((e, i) => {
      const node = nodeEventOf(ctx, e, i);
      if (node.created) {
        created.set(node.created.contractId, node.created);
        const h = holdingOf(ctx, node.created, `events.${i}.CreatedEvent`);
        if (h !== null && h.owner === ctx.party) creates.push(h);
        return;
      }
      const consumed = node.archived ?? (node.exercised?.consuming === true ? node.exercised : undefined);
      if (consumed === undefined) return;
      const local = created.get(consumed.contractId);
      let contract: TokenStandardContract | undefined = local !== undefined ? { created: local, archived: true } : ctx.contractOf(consumed.contractId);
      if (contract === undefined) {
        ctx.missing.add(consumed.contractId);
        contract = null;
      }
      if (contract === null) return;
      const h = holdingOf(ctx, contract.created, `events.${i}(created ${consumed.contractId})`);
      if (h !== null && h.owner === ctx.party) archives.push(h);
    });
  } catch (e) {
    if (!(e instanceof Unreadable)) throw e;
    if (ctx.missing.size > 0) return { _tag: 'NeedsContracts', contractIds: [...ctx.missing] };
    return { _tag: 'Parsed', result: E.left(e.error) };
  }
  if (ctx.missing.size > 0) return { _tag: 'NeedsContracts', contractIds: [...ctx.missing] };
  return {
    _tag: 'Parsed',
    result: E.right({
      updateId: tx.updateId,
      offset: tx.offset,
      recordTime: tx.recordTime,
      creates: creates.filter((c) => !archives.some((a) => a.contractId === c.contractId)),
      archives: archives.filter((a) => !creates.some((c) => c.contractId === a.contractId)),
    }),
  };
};
