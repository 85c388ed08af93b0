import { map, type OperatorFunction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { activityOf, type ActivityElement } from '../activity/activityOf.js';

/**
 * An item of Scan's update history with what it did: `item` as it came (its checkpoint is
 * `scan.updates`' own, so a resume from it continues after the whole item), and `elements`, its
 * actions in order (docs/activity.md).
 * @example
 * ```ts
 * import type { ActivityItem, codecs } from 'canton-rx';
 * const fees = (a: ActivityItem<codecs.scan.UpdateHistoryItemV2>) => a.elements.flatMap((e) => (e.kind === 'transfer' ? [e.fees.burned] : []));
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface ActivityItem<I> {
  readonly item: I;
  readonly elements: ReadonlyArray<ActivityElement>;
}

/**
 * Scan's history read as activity: each item of `scan.updates` (or of its page form's records)
 * with its {@link activityOf} elements: transfers with their fees, mints, rewards minted,
 * traffic purchases, locks, rounds, ANS entries, validator licences, votes, and `other`. Lefts
 * pass unchanged; an item is never dropped, reassignments have no elements.
 *
 * ```text
 * scan.updates: --R(tx1)------R(tx2)--|
 * scanActivity: --R({item: tx1, elements: [transfer, …]})--R({item: tx2, elements: […]})--|
 * ```
 *
 * @example
 * ```ts
 * import { createClient, scanActivity } from 'canton-rx';
 * createClient({ scan: { url: 'https://scan.example.com/api/scan' } })
 *   .scan.updates({ page_size: 500 })
 *   .pipe(scanActivity())
 *   .subscribe((r) => r._tag === 'Right' && r.right.elements.forEach((e) => console.log(e.kind)));
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const scanActivity = <I>(): OperatorFunction<E.Either<CantonError, I>, E.Either<CantonError, ActivityItem<I>>> =>
  map((r) => (E.isLeft(r) ? r : E.right({ item: r.right, elements: activityOf(r.right) })));
