import { finalize, from, switchMap, type Observable } from 'rxjs';
import type { Transport } from '../client/createTransport.js';
import type { PageWorkers } from './pageWorkers.js';

/**
 * Runs a read with page decoding workers (see `acquirePageWorkers`; counted in use as
 * `canton_rx.backfill.workers` when the transport carries telemetry) taken at subscribe and given back
 * when it ends, or without them (`undefined`): where `workers` is 0, where the transport cannot hand a
 * page on as bytes (a Scan pool), and where worker threads cannot be loaded (a browser). The
 * Node-only module is imported only here, lazily, so that nothing else pulls in `worker_threads`.
 * @example
 * ```ts
 * withPageWorkers(transport, undefined, (workers) => readPagesWith(workers?.decode('v2')));
 * ```
 * @internal
 */
export const withPageWorkers = <A>(transport: Transport, workers: number | undefined, read: (workers: PageWorkers | undefined) => Observable<A>): Observable<A> =>
  workers === 0 || transport.okBytes !== true
    ? read(undefined)
    : from(import('./pageWorkers.js').catch(() => undefined)).pipe(
        switchMap((m) => {
          let started: PageWorkers | undefined;
          const n = workers ?? m?.coresAvailable() ?? 0;
          try {
            started = m?.acquirePageWorkers(n);
          } catch {
            // A platform whose worker threads cannot start (a bundle for a browser): decode here.
            started = undefined;
          }
          if (started === undefined) return read(undefined);
          transport.telemetry?.workers('scan.backfill', n);
          return read(started).pipe(
            finalize(() => {
              started.close();
              transport.telemetry?.workers('scan.backfill', -n);
            }),
          );
        }),
      );
