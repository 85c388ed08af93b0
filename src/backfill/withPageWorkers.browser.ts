import type { Observable } from 'rxjs';
import type { Transport } from '../client/createTransport.js';
import type { PageWorkers } from './pageWorkers.js';

/**
 * In the browser build (scripts/build.mjs puts it in place of withPageWorkers.ts): a browser has
 * no worker threads of Node's kind, so a backfill decodes its pages on the page's thread, and the
 * Node-only worker modules are left out of the bundle.
 * @internal
 */
export const withPageWorkers = <A>(_transport: Transport, _workers: number | undefined, read: (workers: PageWorkers | undefined) => Observable<A>): Observable<A> => read(undefined);
