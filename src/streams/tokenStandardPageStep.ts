import { concatMap, defer, from, map, mergeMap, of, reduce, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { getEventsByContractId } from '../generated/ledger/ops/getEventsByContractId.js';
import type { CreatedEvent } from '../codecs/ledger/Event.js';
import type { JsTransaction } from '../codecs/ledger/JsTransaction.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { Page, PageRecord } from '../paging/Page.js';
import type { InterpretStep, Interpreted } from './interpret.js';
import type { StreamCall } from './recordStream.js';
import { withRetry } from '../paging/withRetry.js';
import type { RetryBackoffConfig } from '../retry/retryBackoff.js';
import type { TokenStandardParse } from '../tokenStandard/parseTokenStandardTransaction.js';
import type { TokenStandardContract, TokenStandardCreated } from '../tokenStandard/TokenStandardTransaction.js';
import type { LedgerCheckpoint } from './checkpoints.js';

/**
 * What the step needs to read a page: the pure interpretation of one transaction (which may ask
 * for contracts), which results are records, the filter lookups use and their limits.
 * @internal
 */
export interface TokenStandardStepConfig<A> {
  readonly interpret: (tx: JsTransaction, contractOf: (contractId: string) => TokenStandardContract | undefined) => TokenStandardParse<A>;
  /** Whether a transaction's result is a record (the history: one with token-standard events). */
  readonly keep: (a: A) => boolean;
  /** The event format of the lookups: the stream's own filter for the party. */
  readonly eventFormat: unknown;
  readonly lookupConcurrency: number;
  readonly lookupCacheSize: number;
  readonly retry: RetryBackoffConfig | undefined;
}

/** A created event without its payload and blob: what the parser reads of it, and all a cache keeps. */
const trimmed = (c: CreatedEvent): TokenStandardCreated => ({
  contractId: c.contractId,
  templateId: c.templateId,
  packageName: c.packageName,
  offset: c.offset,
  nodeId: c.nodeId,
  witnessParties: c.witnessParties,
  signatories: c.signatories,
  ...(c.observers != null ? { observers: c.observers } : {}),
  ...(c.interfaceViews != null ? { interfaceViews: c.interfaceViews } : {}),
});

/** A map that forgets its least recently used entry past `size`. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly size: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as K);
  }
}

/**
 * The interpretation of a ledger update stream's pages (a party's token-standard history, its
 * holdings changes): a pure step (`interpret`: the parser, `holdingsChangeOf`) over each transaction, with the contracts its transactions archive but no
 * earlier transaction of the stream created looked up with `POST /v2/events/events-by-contract-id`
 * (through the stream's call path, with its retry policy, at most `lookupConcurrency` at once,
 * each contract once: answers and the creates the stream saw stay in a cache of
 * `lookupCacheSize` contracts). The step of `interpret`: a page's transactions that touched the
 * party's holdings, each at its offset's checkpoint. A transaction the parser cannot read, or a
 * lookup that fails, ends the stream with its Left after the transactions before it.
 * @example
 * ```ts
 * const step = tokenStandardPageStep(context.call, { interpret: (tx, contractOf) => parseTokenStandardTransaction(tx, { party: alice, contractOf }), keep: (t) => t.events.length > 0, eventFormat, lookupConcurrency: 8, lookupCacheSize: 10_000, retry: undefined });
 * step(page).subscribe(console.log);
 * ```
 * @internal
 */
export const tokenStandardPageStep = <A>(call: StreamCall, config: TokenStandardStepConfig<A>): InterpretStep<Update, LedgerCheckpoint, A> => {
  type Out = E.Either<CantonError, Interpreted<A, LedgerCheckpoint>>;
  const known = new Lru<string, TokenStandardContract>(config.lookupCacheSize);
  const lookup = (contractId: string): Observable<E.Either<CantonError, readonly [string, TokenStandardContract]>> =>
    withRetry(() => call(getEventsByContractId, [{ contractId, eventFormat: config.eventFormat as never }]), config.retry, undefined).pipe(
      map((r) => {
        if (E.isLeft(r)) return r.left._tag === 'HttpError' && r.left.status === 404 ? E.right([contractId, null] as const) : r;
        const created = r.right.created?.createdEvent;
        return E.right([contractId, created == null ? null : { created: trimmed(created), archived: r.right.archived != null }] as const);
      }),
    );

  const readPage = (page: Page<Update, LedgerCheckpoint>): Observable<Out> =>
    defer(() => {
      const txs: Array<{ tx: JsTransaction; at: number }> = [];
      page.records.forEach((r, at) => {
        const tx = (r.value as { Transaction?: { value: JsTransaction } }).Transaction?.value;
        if (tx !== undefined) txs.push({ tx, at });
      });
      // The page's creates are known before any lookup: a transaction can only archive a contract
      // created before it (or in it), so no transaction reads a later one's.
      for (const { tx } of txs)
        for (const e of tx.events) if ('CreatedEvent' in e) known.set((e.CreatedEvent as CreatedEvent).contractId, { created: trimmed(e.CreatedEvent as CreatedEvent), archived: true });
      const parsed: Array<E.Either<CantonError, A> | undefined> = txs.map(() => undefined);
      const round = (): Observable<Out> => {
        const missing = new Set<string>();
        for (let i = 0; i < txs.length; i++) {
          if (parsed[i] !== undefined) continue;
          const p = config.interpret(txs[i]!.tx, (cid) => known.get(cid));
          if (p._tag === 'NeedsContracts') p.contractIds.forEach((c) => missing.add(c));
          else {
            parsed[i] = p.result;
            // Past a Left nothing is read: the stream ends there.
            if (E.isLeft(p.result)) break;
          }
        }
        if (missing.size === 0) return of(...finish());
        return from([...missing]).pipe(
          mergeMap(lookup, config.lookupConcurrency),
          reduce<E.Either<CantonError, readonly [string, TokenStandardContract]>, CantonError | undefined>((failed, r) => {
            if (E.isLeft(r)) return failed ?? r.left;
            known.set(r.right[0], r.right[1]);
            return failed;
          }, undefined),
          concatMap((failed) => (failed === undefined ? round() : of(...finish(failed)))),
        );
      };
      /** The page as far as it is read: its transactions up to the first one not read, and the failure there. */
      const finish = (failure?: CantonError): Out[] => {
        const records: Array<PageRecord<A, LedgerCheckpoint>> = [];
        for (let i = 0; i < txs.length; i++) {
          const r = parsed[i];
          if (r === undefined || E.isLeft(r)) {
            // The checkpoint stops before the transaction not read: resuming reads it again.
            const before = txs[i]!.at > 0 ? page.records[txs[i]!.at - 1]!.checkpoint : undefined;
            const stop = failure ?? (r !== undefined && E.isLeft(r) ? r.left : undefined)!;
            return [E.right({ records, failure: stop, ...(before !== undefined ? { stands: before } : {}) })];
          }
          if (config.keep(r.right)) records.push({ value: r.right, checkpoint: { stream: 'ledger.updates', offset: txs[i]!.tx.offset } });
        }
        return [E.right({ records })];
      };
      return round();
    });

  return readPage;
};
