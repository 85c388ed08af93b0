import { HoldingView } from '../codecs/tokenStandard/HoldingView.js';
import { tokenStandardInterfaces } from '../codecs/tokenStandard/interfaceIds.js';
import { ledgerInterfaceViews } from './ledgerInterfaceViews.js';

/**
 * A party's token-standard holdings as a record stream (an interpretation of `ledger.activeContracts`).
 * @example
 * ```ts
 * ledgerHoldingsStream.items(transport, { party: alice }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerHoldingsStream = /*#__PURE__*/ ledgerInterfaceViews('ledger.holdings', tokenStandardInterfaces.Holding, HoldingView);

/**
 * A party's holdings of the token standard (every active contract implementing `Holding` it is
 * a stakeholder of) as pages of `ViewedContract<HoldingView>` records (`ledger.pages.holdings`).
 * @internal
 */
export const ledgerHoldingsPages = ledgerHoldingsStream.pages;

/** The item form of `ledgerHoldingsPages` (see `LedgerGroup.holdings`). @internal */
export const ledgerHoldings = ledgerHoldingsStream.items;
