import { identity, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { flattenPages, valuesOf } from '../paging/flattenPages.js';
import type { Page } from '../paging/Page.js';
import { readPages, type ReadPagesOptions } from '../paging/readPages.js';

/** The result of reading one page: the items to hand on and the state to read the next from. @internal */
export interface Step<S, I> {
  readonly items: ReadonlyArray<I>;
  /** The state to fetch the next page with; `undefined` ends the stream. */
  readonly next: S | undefined;
  /** A failure found after `items`: handed on after them, and it ends the stream. */
  readonly failure?: CantonError;
}

/** How one paged endpoint is read, its step already applied. @internal */
export interface PagerSpec<S, I> {
  readonly page: (state: S) => Observable<E.Either<CantonError, Step<S, I>>>;
}

/** @internal */
export type PagerOptions = Omit<ReadPagesOptions, 'retry'>;

/**
 * The streams whose elements carry their own checkpoints (the snapshot markers and entries of
 * `ledger.updatesWithSnapshot` and `scan.updatesFromSnapshot`, `ledger.activeContracts`,
 * `scan.validatorLicenses`) read through the paging engine with their step already applied to
 * each answer: their items as records, one by one. Same pacing as the engine. `meter` sees the
 * pages as they pass (`meterPages`: the snapshot part of a composite stream).
 * @internal
 */
export const pager = <S, I>(
  spec: PagerSpec<S, I>,
  initial: S,
  options: PagerOptions = {},
  meter: MonoTypeOperatorFunction<E.Either<CantonError, Page<I, undefined>>> = identity,
): Observable<E.Either<CantonError, I>> =>
  flattenPages(
    readPages(
      {
        request: spec.page,
        step: (s: Step<S, I>) =>
          E.right({
            page: { records: s.items.map((value) => ({ value, checkpoint: undefined })), checkpoint: undefined, caughtUp: false },
            next: s.next,
            ...(s.failure !== undefined ? { failure: s.failure } : {}),
          }),
      },
      initial,
      options,
    ).pipe(meter),
    valuesOf,
  );
