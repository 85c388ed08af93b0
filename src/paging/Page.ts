/**
 * One record of a paged stream with the checkpoint to resume after it: pass `checkpoint` back as
 * `options.from` and the stream continues exactly after `value`, nothing lost and nothing repeated.
 * Every record stream's page form carries its records this way (`TokenListed` and `LedgerListed`
 * are other names of it).
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 * declare const db: { save(value: unknown, checkpoint: unknown): void }; // your database
 * createClient({ scan: { url } }).scan.voteResults.pages({ limit: 100 }).subscribe((r) => {
 *   if (E.isRight(r)) for (const { value, checkpoint } of r.right.records) db.save(value, checkpoint);
 * });
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface PageRecord<A, C> {
  readonly value: A;
  readonly checkpoint: C;
}

/**
 * One page of a record stream: its records, the checkpoint after the page (the last record's,
 * or for a page without records, where the stream stands: an empty page that shows the stream
 * caught up may move it, as a ledger page's upper bound does), and whether the server had nothing
 * more (as of now). A sink stores `checkpoint` with `records` in one step; `drainInto` does.
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * import * as E from 'fp-ts/lib/Either.js';
 * createClient({ scan: { url } }).scan.updates.pages({ page_size: 100 }).subscribe((r) => {
 *   if (E.isRight(r)) db.commit(r.right.records.map((x) => x.value), r.right.checkpoint);
 * });
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface Page<A, C> {
  readonly records: ReadonlyArray<PageRecord<A, C>>;
  /** `undefined` only before anything was read (an empty history from its start). */
  readonly checkpoint: C | undefined;
  readonly caughtUp: boolean;
}
