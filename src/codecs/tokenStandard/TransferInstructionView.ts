import * as t from 'io-ts';
import { optional, Timestamp } from '../common/primitives.js';
import type { UnknownMember } from '../common/openMembers.js';
import { discriminatedBy } from '../splice/internal.js';
import { Decimal } from './Decimal.js';
import { InstrumentId } from './HoldingView.js';
import { Metadata } from './Metadata.js';

/**
 * A transfer of holdings between two parties (`splice-api-token-transfer-instruction-v1`): who
 * sends how much of which instrument to whom, requested when and executable until when
 * (exclusive), funded by which holdings.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.Transfer)(view.transfer); // Right({ sender, receiver, amount: '5.0000000000', instrumentId, requestedAt, executeBefore, inputHoldingCids, meta })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const Transfer = t.type(
  {
    sender: t.string,
    receiver: t.string,
    amount: Decimal,
    instrumentId: InstrumentId,
    requestedAt: Timestamp,
    executeBefore: Timestamp,
    inputHoldingCids: t.array(t.string),
    meta: Metadata,
  },
  'Transfer',
);
export type Transfer = t.TypeOf<typeof Transfer>;

/**
 * The status of a transfer offer: waiting for its receiver to accept (or reject) it.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.TransferPendingReceiverAcceptance)({ tag: 'TransferPendingReceiverAcceptance', value: {} }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const TransferPendingReceiverAcceptance = t.type({ tag: t.literal('TransferPendingReceiverAcceptance'), value: t.UnknownRecord }, 'TransferPendingReceiverAcceptance');
export type TransferPendingReceiverAcceptance = t.TypeOf<typeof TransferPendingReceiverAcceptance>;

/**
 * The status of a transfer waiting for steps of the registry's own workflow (a compliance check,
 * say): `pendingActions` pairs each party with the action it is to take (a Daml `Map Party Text`,
 * which the JSON encoding writes as `[key, value]` pairs).
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.TransferPendingInternalWorkflow)({ tag: 'TransferPendingInternalWorkflow', value: { pendingActions: [['DSO::1220…', 'screening']] } }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const TransferPendingInternalWorkflow = t.type(
  { tag: t.literal('TransferPendingInternalWorkflow'), value: t.type({ pendingActions: t.array(t.tuple([t.string, t.string])) }) },
  'TransferPendingInternalWorkflow',
);
export type TransferPendingInternalWorkflow = t.TypeOf<typeof TransferPendingInternalWorkflow>;

/**
 * Where a transfer instruction stands, a Daml variant (`{ tag, value }`): waiting for the
 * receiver to accept (an offer), or for actions of the registry's own workflow, as `[party,
 * action]` pairs. Open: a status a newer registry adds decodes as an unknown member
 * (`unknownMemberOf` names its tag; docs/codecs.md, "Open unions").
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.TransferInstructionStatus)({ tag: 'TransferPendingReceiverAcceptance', value: {} }); // Right
 * decodeWith(tokenStandard.TransferInstructionStatus)({ tag: 'TransferPendingInternalWorkflow', value: { pendingActions: [['DSO::1220…', 'screening']] } }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const TransferInstructionStatus = discriminatedBy(
  'TransferInstructionStatus',
  'tag',
  { TransferPendingReceiverAcceptance, TransferPendingInternalWorkflow },
  undefined,
  { group: 'ledger' },
) as t.Type<TransferInstructionStatus, unknown, unknown>;
export type TransferInstructionStatus = TransferPendingReceiverAcceptance | TransferPendingInternalWorkflow | UnknownMember<'TransferInstructionStatus'>;

/**
 * The view of a contract through the token standard's `TransferInstruction` interface: a
 * transfer the registry has not completed yet. Addressed to a party as `receiver` with status
 * `TransferPendingReceiverAcceptance`, it is an incoming transfer offer.
 * `originalInstructionCid` links the steps of a registry that evolves an instruction.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * const r = decodeWith(tokenStandard.TransferInstructionView)(createdEvent.interfaceViews[0].viewValue);
 * // Right({ originalInstructionCid: null, transfer: { sender, receiver, amount: '5.0000000000', … }, status: { tag: 'TransferPendingReceiverAcceptance', value: {} }, meta: { values: {} } })
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const TransferInstructionView = t.type(
  { originalInstructionCid: optional(t.string), transfer: Transfer, status: TransferInstructionStatus, meta: Metadata },
  'TransferInstructionView',
);
export type TransferInstructionView = t.TypeOf<typeof TransferInstructionView>;
