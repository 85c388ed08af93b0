import { TransferInstructionView } from '../codecs/tokenStandard/TransferInstructionView.js';
import { tokenStandardInterfaces } from '../codecs/tokenStandard/interfaceIds.js';
import { ledgerInterfaceViews } from './ledgerInterfaceViews.js';

/**
 * A party's pending token-standard transfer instructions as a record stream (an interpretation of `ledger.activeContracts`).
 * @example
 * ```ts
 * ledgerTransferInstructionsStream.items(transport, { party: alice }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerTransferInstructionsStream = /*#__PURE__*/ ledgerInterfaceViews('ledger.transferInstructions', tokenStandardInterfaces.TransferInstruction, TransferInstructionView);

/**
 * A party's pending transfer instructions of the token standard (every active contract
 * implementing `TransferInstruction` it is a stakeholder of: offers to it and from it) as pages
 * of `ViewedContract<TransferInstructionView>` records (`ledger.pages.transferInstructions`).
 * @internal
 */
export const ledgerTransferInstructionsPages = ledgerTransferInstructionsStream.pages;

/** The item form of `ledgerTransferInstructionsPages` (see `LedgerGroup.transferInstructions`). @internal */
export const ledgerTransferInstructions = ledgerTransferInstructionsStream.items;
