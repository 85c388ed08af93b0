import { identity, tap, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { MeteredPage, Telemetry } from './createTelemetry.js';

/**
 * Counts the pages of one record stream as they pass (items, pages, lag: see `Telemetry.page`);
 * without telemetry it is `identity` and adds nothing to the stream.
 * @example
 * ```ts
 * readPages(paging, start, options).pipe(meterPages(transport.telemetry, 'scan.updates'));
 * ```
 * @internal
 */
export const meterPages = <P extends MeteredPage>(telemetry: Telemetry | undefined, stream: string): MonoTypeOperatorFunction<E.Either<CantonError, P>> =>
  telemetry === undefined
    ? (identity as (o: Observable<E.Either<CantonError, P>>) => Observable<E.Either<CantonError, P>>)
    : tap((r) => {
        if (r._tag === 'Right') telemetry.page(stream, r.right);
      });
