import type { Observable } from 'rxjs';

/**
 * Options every record stream takes.
 * @category Streams
 * @since 0.1.0
 */
export interface StreamOptions<C> {
  /** Continue exactly after the item this checkpoint (from `checkpointOf`) was taken of. */
  readonly from?: C;
  /** Pages fetched ahead of what has been handed on (default 1); matters in pull mode. */
  readonly prefetch?: number;
  /**
   * Pull mode for asynchronous consumers: the first page is handed on when it arrives and each
   * value of `pull` asks for one more. See `toAsyncIterable` for a ready-made loop.
   */
  readonly pull?: Observable<unknown>;
}
