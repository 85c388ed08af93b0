import { map, type OperatorFunction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { Page } from '../paging/Page.js';
import type { SinkItem } from '../sinks/Sink.js';
import { flattenUpdates } from './flattenUpdates.js';
import type { HistoryRows } from './HistoryRows.js';

/**
 * The operator form of `flattenUpdates`, on a page stream (`client.scan.pages.updates`,
 * `client.ledger.pages.updates`): each page's updates become its rows, with the page's checkpoint
 * beside them, so that a writer of your own stores rows and checkpoint together. A `Left` passes
 * through unchanged.
 * @example
 * ```ts
 * import { createClient, toHistoryRows } from 'canton-rx';
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * client.scan.pages.updates({ page_size: 500 }).pipe(toHistoryRows()).subscribe((r) => {
 *   if (r._tag === 'Right') console.log(r.right.rows.events.length, 'events up to', r.right.checkpoint?.record_time);
 * });
 * ```
 * @category Analytics
 * @since 0.5.0
 */
export const toHistoryRows =
  <L, C>(): OperatorFunction<E.Either<L, Page<SinkItem, C>>, E.Either<L, { readonly rows: HistoryRows; readonly checkpoint: C | undefined; readonly caughtUp: boolean }>> =>
  (source) =>
    source.pipe(
      map((r) => {
        if (E.isLeft(r)) return r;
        const page = r.right;
        return E.right({ rows: flattenUpdates(page.records.map((x) => x.value)), checkpoint: page.checkpoint, caughtUp: page.caughtUp });
      }),
    );
