import type { Paging } from './readPages.js';

/**
 * One read of a paged endpoint as data: a cursor family's `Paging` and the state it starts from,
 * for the engine (`readPages`) to read with a stream's pacing and retry policy. The state and
 * answer types stay the family's own; only the records and checkpoints show.
 * @internal
 */
export interface PagedRead<A, C> {
  readonly paging: Paging<never, unknown, A, C>;
  readonly initial: unknown;
}

/**
 * Pairs a family's `Paging` with its first state, the state's type checked against the paging's.
 * @example
 * ```ts
 * const read = pagedRead(scanCursorPaging(entry), initialScanRead(undefined, undefined));
 * readPages(read.paging, read.initial as never, { prefetch: 1 });
 * ```
 * @internal
 */
export const pagedRead = <S, R, A, C>(paging: Paging<S, R, A, C>, initial: S): PagedRead<A, C> => ({ paging: paging as unknown as Paging<never, unknown, A, C>, initial });
