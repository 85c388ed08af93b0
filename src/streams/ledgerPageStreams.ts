import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import type { Update } from '../codecs/ledger/Update.js';
import type { Page } from '../paging/Page.js';
import type { LedgerCheckpoint } from './checkpoints.js';
import { ledgerUpdatesPages, type LedgerUpdatesOptions, type LedgerUpdatesRequest } from './ledgerUpdates.js';

/**
 * The page form of the ledger's record streams (`client.ledger.pages`): the same requests,
 * options and paging as the item methods of the same names, each page whole with its records
 * `{ value, checkpoint }`, the checkpoint after the page and whether it shows the stream caught
 * up (an empty caught-up page of `updates` carries its upper bound). What `drainInto` stores.
 * @example
 * ```ts
 * import { createClient, drainInto } from 'canton-rx';
 * const ledger = createClient({ ledger: { url, token } }).ledger;
 * drainInto(sink, (from, pull) => ledger.pages.updates({ updateFormat, maxPageSize: 500 }, { from, pull, tail: {} })).subscribe(console.log);
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface LedgerPageStreams {
  /** `ledger.updates` in pages (the offset bound family). */
  updates(request: LedgerUpdatesRequest, options?: LedgerUpdatesOptions): Observable<E.Either<CantonError, Page<Update, LedgerCheckpoint>>>;
}

/** The page streams of a ledger transport. @internal */
export const ledgerPageStreams = (transport: Transport): LedgerPageStreams => ({
  updates: (request, options) => ledgerUpdatesPages(transport, request, options),
});
