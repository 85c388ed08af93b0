/**
 * Codecs of the token standard's interface views (CIP-56: `splice-api-token-*-v1`), as the
 * ledger shows them in a created event's `interfaceViews` when a filter asks for the interface
 * (docs/token-standard.md). Daml values in the JSON API's encoding: records as objects,
 * `Decimal` as strings, variants as `{ tag, value }`, optionals as `null` or the value.
 *
 * @packageDocumentation
 */
export { Decimal } from './Decimal.js';
export { Metadata } from './Metadata.js';
export { InstrumentId, RelTime, Lock, HoldingView } from './HoldingView.js';
export { Transfer, TransferPendingReceiverAcceptance, TransferPendingInternalWorkflow, TransferInstructionStatus, TransferInstructionView } from './TransferInstructionView.js';
export { Reference, SettlementInfo, TransferLeg, AllocationSpecification, AllocationView } from './AllocationView.js';
