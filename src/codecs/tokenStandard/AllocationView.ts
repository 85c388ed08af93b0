import * as t from 'io-ts';
import { optional, Timestamp } from '../common/primitives.js';
import { Decimal } from './Decimal.js';
import { InstrumentId } from './HoldingView.js';
import { Metadata } from './Metadata.js';

/**
 * A reference to data of an app (`splice-api-token-allocation-v1`): its id, and a contract id
 * where one is needed.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.Reference)({ id: 'trade-42', cid: null }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const Reference = t.type({ id: t.string, cid: optional(t.string) }, 'Reference');
export type Reference = t.TypeOf<typeof Reference>;

/**
 * The settlement an allocation is for: its executor, its reference, and its deadlines (allocate
 * before, settle before; both exclusive).
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.SettlementInfo)(view.allocation.settlement); // Right({ executor, settlementRef, requestedAt, allocateBefore, settleBefore, meta })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const SettlementInfo = t.type(
  { executor: t.string, settlementRef: Reference, requestedAt: Timestamp, allocateBefore: Timestamp, settleBefore: Timestamp, meta: Metadata },
  'SettlementInfo',
);
export type SettlementInfo = t.TypeOf<typeof SettlementInfo>;

/**
 * One leg of a settlement: a transfer of an amount of an instrument from a sender to a receiver.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.TransferLeg)(view.allocation.transferLeg); // Right({ sender, receiver, amount: '10.0000000000', instrumentId, meta })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const TransferLeg = t.type({ sender: t.string, receiver: t.string, amount: Decimal, instrumentId: InstrumentId, meta: Metadata }, 'TransferLeg');
export type TransferLeg = t.TypeOf<typeof TransferLeg>;

/**
 * What an allocation allocates: one transfer leg (by its id within the settlement) of one
 * settlement.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.AllocationSpecification)(view.allocation); // Right({ settlement, transferLegId: 'leg-0', transferLeg })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const AllocationSpecification = t.type({ settlement: SettlementInfo, transferLegId: t.string, transferLeg: TransferLeg }, 'AllocationSpecification');
export type AllocationSpecification = t.TypeOf<typeof AllocationSpecification>;

/**
 * The view of a contract through the token standard's `Allocation` interface
 * (`splice-api-token-allocation-v1`): holdings set aside for one leg of a settlement, which its
 * executor can execute until `settleBefore`.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * const r = decodeWith(tokenStandard.AllocationView)(createdEvent.interfaceViews[0].viewValue);
 * // Right({ allocation: { settlement, transferLegId, transferLeg }, holdingCids: ['00…'], meta: { values: {} } })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const AllocationView = t.type({ allocation: AllocationSpecification, holdingCids: t.array(t.string), meta: Metadata }, 'AllocationView');
export type AllocationView = t.TypeOf<typeof AllocationView>;
