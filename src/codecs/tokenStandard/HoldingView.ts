import * as t from 'io-ts';
import { optional, Timestamp } from '../common/primitives.js';
import { Decimal } from './Decimal.js';
import { Metadata } from './Metadata.js';

/**
 * An instrument of the token standard: the registry party that administers it and the id it
 * gives it (`Amulet` for Canton Coin, whose admin is the DSO party).
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.InstrumentId)({ admin: 'DSO::1220…', id: 'Amulet' }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const InstrumentId = t.type({ admin: t.string, id: t.string }, 'InstrumentId');
export type InstrumentId = t.TypeOf<typeof InstrumentId>;

/**
 * A Daml `RelTime` (a duration), written as its record: microseconds as an Int64 string.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.RelTime)({ microseconds: '86400000000' }); // Right: one day
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const RelTime = t.type({ microseconds: t.string }, 'RelTime');
export type RelTime = t.TypeOf<typeof RelTime>;

/**
 * The lock on a holding: the parties holding it, and when it expires (at a time, after a
 * duration, or, when both are set, the earlier). The three optional fields came with an upgrade
 * of the interface; a lock written before has `holders` alone.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.Lock)({ holders: ['DSO::1220…'], expiresAt: '2026-11-27T00:00:00Z', expiresAfter: null, context: 'transfer offer' }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
// Optional fields in `t.type`: `optional` takes an absent key as it takes null, and an error's path stays plain (`lock.expiresAt`).
export const Lock = t.type({ holders: t.array(t.string), expiresAt: optional(Timestamp), expiresAfter: optional(RelTime), context: optional(t.string) }, 'Lock');
export type Lock = t.TypeOf<typeof Lock>;

/**
 * The view of a contract through the token standard's `Holding` interface
 * (`splice-api-token-holding-v1`): who owns how much of which instrument, and whether it is
 * locked. `amount` is a `Decimal` string, exact. Fields a newer version of the interface adds
 * are kept as they came.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * const r = decodeWith(tokenStandard.HoldingView)(createdEvent.interfaceViews[0].viewValue);
 * // Right({ owner: 'alice::1220…', instrumentId: { admin: 'DSO::1220…', id: 'Amulet' }, amount: '12.5000000000', lock: null, meta: { values: {} } })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const HoldingView = t.type({ owner: t.string, instrumentId: InstrumentId, amount: Decimal, lock: optional(Lock), meta: Metadata }, 'HoldingView');
export type HoldingView = t.TypeOf<typeof HoldingView>;
