import { exhaustMap, identity, interval, Observable, tap, type MonoTypeOperatorFunction } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { MeteredPage, ServerEnd, Telemetry } from './createTelemetry.js';

/**
 * Counts the pages of one record stream as they pass (items, pages, lag: see `Telemetry.page`);
 * without telemetry it is `identity` and adds nothing to the stream.
 *
 * A feed that reads toward its server's end passes `serverEnd`, one request for where that end
 * is: a page that reaches the end counts as 0 behind it, and with
 * `TelemetryConfig.serverEndIntervalMs` the end is asked for every interval while the stream is
 * subscribed (one request at a time, none before the first interval, none after the stream
 * ends), each answer measured against the last page handed on. A failed answer measures nothing.
 * @example
 * ```ts
 * readPages(paging, start, options).pipe(meterPages(transport.telemetry, 'scan.updates', () => invokeOperation(transport, scanOperations.getLatestEventRecordTime, [])));
 * ```
 * @internal
 */
export const meterPages = <P extends MeteredPage>(
  telemetry: Telemetry | undefined,
  stream: string,
  serverEnd?: () => Observable<E.Either<CantonError, ServerEnd>>,
): MonoTypeOperatorFunction<E.Either<CantonError, P>> => {
  if (telemetry === undefined) return identity as MonoTypeOperatorFunction<E.Either<CantonError, P>>;
  const toEnd = serverEnd !== undefined;
  const every = telemetry.serverEndIntervalMs;
  if (serverEnd === undefined || every === undefined) {
    return tap((r) => {
      if (r._tag === 'Right') telemetry.page(stream, r.right, toEnd);
    });
  }
  return (source) =>
    new Observable((subscriber) => {
      let at: unknown;
      const pages = source.subscribe({
        next: (r) => {
          if (r._tag === 'Right') {
            telemetry.page(stream, r.right, true);
            if (r.right.checkpoint !== undefined) at = r.right.checkpoint;
          }
          subscriber.next(r);
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => subscriber.complete(),
      });
      const probe = interval(every)
        .pipe(exhaustMap(serverEnd))
        .subscribe((r) => {
          if (r._tag === 'Right' && at !== undefined) telemetry.behindEnd(stream, at, r.right);
        });
      return () => {
        probe.unsubscribe();
        pages.unsubscribe();
      };
    });
};
