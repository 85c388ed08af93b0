import { HoldingView } from '../codecs/tokenStandard/HoldingView.js';
import { tokenStandardInterfaces } from '../codecs/tokenStandard/interfaceIds.js';
import { ledgerInterfaceViews } from './ledgerInterfaceViews.js';

const holdings = ledgerInterfaceViews('ledger.holdings', tokenStandardInterfaces.Holding, HoldingView);

/**
 * A party's holdings of the token standard (every active contract implementing `Holding` it is
 * a stakeholder of) as pages of `ViewedContract<HoldingView>` records (`ledger.pages.holdings`).
 * @internal
 */
export const ledgerHoldingsPages = holdings.pages;

/** The item form of `ledgerHoldingsPages` (see `LedgerGroup.holdings`). @internal */
export const ledgerHoldings = holdings.items;
