import { asyncScheduler, type Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Page } from '../paging/Page.js';
import type { Heartbeat } from './heartbeat.js';

/**
 * The item form of a record stream, from its page form: each record's value, and with
 * `heartbeats` a `Heartbeat` carrying the page's checkpoint after each page that shows the stream
 * caught up. `remember` (deprecated mechanism of `checkpointOf`) is told each record.
 * @example
 * ```ts
 * const items = itemsOf(scanUpdatesPages(transport, request, options), options.heartbeats);
 * ```
 * @internal
 */
export const itemsOf = <A, C>(
  pages: Observable<E.Either<CantonError, Page<A, C>>>,
  heartbeats: boolean | undefined,
  remember?: (value: A, checkpoint: C) => void,
): Observable<E.Either<CantonError, A | Heartbeat<C>>> =>
  flattenPages(pages, (page): ReadonlyArray<A | Heartbeat<C>> => {
    const values: Array<A | Heartbeat<C>> = [];
    for (const r of page.records) {
      remember?.(r.value, r.checkpoint);
      values.push(r.value);
    }
    if (heartbeats === true && page.caughtUp) values.push({ _tag: 'Heartbeat', checkpoint: page.checkpoint, polledAt: asyncScheduler.now() });
    return values;
  });
