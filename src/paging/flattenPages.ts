import { Observable, Subscriber } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from './Page.js';

/**
 * A stream of pages as a stream of elements: each page's elements (`elementsOf`) handed on one
 * by one, in order, a Left as it is. Unsubscribing mid-page stops at once. What the item forms of
 * the record streams are made of (`elementsOf`: the values, and a heartbeat for a caught-up page).
 * @example
 * ```ts
 * const values = flattenPages(pages$, (page) => page.records.map((r) => r.value));
 * ```
 * @internal
 */
export const flattenPages = <A, C, X>(pages: Observable<E.Either<CantonError, Page<A, C>>>, elementsOf: (page: Page<A, C>) => ReadonlyArray<X>): Observable<E.Either<CantonError, X>> =>
  new Observable<E.Either<CantonError, X>>((subscriber) => {
    // A Subscriber chained to the consumer's, so that a consumer that stops during a synchronous
    // page (take(n)) closes the read at once, before its subscribe call has even returned.
    const inner = new Subscriber<E.Either<CantonError, Page<A, C>>>({
      next: (r: E.Either<CantonError, Page<A, C>>) => {
        if (E.isLeft(r)) {
          subscriber.next(r);
          return;
        }
        for (const x of elementsOf(r.right)) {
          if (subscriber.closed) return;
          subscriber.next(E.right(x));
        }
      },
      error: (defect: unknown) => subscriber.error(defect),
      complete: () => subscriber.complete(),
    });
    subscriber.add(inner);
    pages.subscribe(inner);
  });

/** The values of a page's records: the item form of a record stream. @internal */
export const valuesOf = <A, C>(page: Page<A, C>): ReadonlyArray<A> => page.records.map((r) => r.value);
