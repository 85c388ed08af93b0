/**
 * Progress while nothing happens: "caught up to `checkpoint` as of `polledAt`". Streams emit it
 * (as a Right) when `options.heartbeats` is on, each time a page shows that they have caught up,
 * so that a service can persist its checkpoint and report liveness while idle. Merging feeds uses
 * heartbeats as watermarks.
 *
 * - `ledger.updates`: the checkpoint is the page's upper bound (`highestPageOffsetInclusive`) when
 *   it is past the last update: nothing matched up to there, so resuming from it skips nothing
 *   and an idle service never falls behind a pruning offset.
 * - `scan.updates`: the checkpoint of the last item delivered (Scan says nothing newer exists).
 * @category Streams
 * @since 0.1.0
 */
export interface Heartbeat<C> {
  readonly _tag: 'Heartbeat';
  /** Where the stream stands; `undefined` before anything was read from an empty history. */
  readonly checkpoint: C | undefined;
  /** When the page that showed it arrived, in milliseconds since the epoch (RxJS scheduler time). */
  readonly polledAt: number;
}
