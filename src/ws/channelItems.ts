import { asyncScheduler, type Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Page } from '../paging/Page.js';

/**
 * The item form of a WebSocket channel read as pages: each record's value, and, with
 * `heartbeats`, a `Heartbeat` for each page that shows the channel caught up (an offset
 * checkpoint message at the position), with that page's checkpoint, as the paged streams hand
 * one on for a caught-up page.
 * @example
 * ```ts
 * channelItems(readChannel(paging, 0, { retry: undefined, reopenMs: undefined }), true);
 * ```
 * @internal
 */
export const channelItems = <A, C>(pages: Observable<E.Either<CantonError, Page<A, C>>>, heartbeats: boolean): Observable<E.Either<CantonError, A | Heartbeat<C>>> =>
  flattenPages(pages, (page): ReadonlyArray<A | Heartbeat<C>> => {
    if (page.records.length > 0) return page.records.map((r) => r.value);
    return heartbeats && page.caughtUp ? [{ _tag: 'Heartbeat', checkpoint: page.checkpoint, polledAt: asyncScheduler.now() }] : [];
  });
