/**
 * The token standard's versions the history reads: `V1` (the `splice-api-token-*-v1` interfaces:
 * labels from the choices and their `tx-kind` meta) or `V2` (the `EventLog_HoldingsChange`
 * events of `splice-api-token-transfer-events-v2`), as the Splice token-standard CLI's
 * `--standard-version`; its default is `V1`.
 * @category Token standard
 * @since 0.4.0
 */
export type TokenStandardVersion = 'V1' | 'V2';

/**
 * A holding as the parser shows it: the view's fields and the contract id (V1: the view's own
 * `lock`; V2: the owner is the account's, the lock's `expiresAfter` its microseconds).
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardHolding {
  readonly contractId: string;
  readonly owner: string;
  readonly instrumentId: { readonly admin: string; readonly id: string };
  /** The view's `Decimal` string, as it came. */
  readonly amount: string;
  readonly lock: unknown;
  readonly meta: unknown;
}

/**
 * The party's holdings an event created and archived (absent keys when none; the upstream
 * parser's rendering).
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardHoldingsChange {
  readonly creates?: ReadonlyArray<TokenStandardHolding>;
  readonly archives?: ReadonlyArray<TokenStandardHolding>;
}

/**
 * The sums of a holdings change, exact, written as the upstream parser writes them (no trailing
 * zeros: `200`), each key left out when it is zero.
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardHoldingsChangeSummary {
  readonly numInputs?: number;
  readonly inputAmount?: string;
  readonly numOutputs?: number;
  readonly outputAmount?: string;
  readonly amountChange?: string;
}

/**
 * What a token-standard event did, by `type`: V1's `TransferOut` (`receiverAmounts`),
 * `TransferIn` (`sender`), `MergeSplit`, `Mint`, `Burn`, `Unlock`, `ExpireDust`,
 * `SettleV2Allocation` (with `burnAmount`, `mintAmount`, `reason`, `tokenStandardChoice`,
 * `meta`), V2's `V2` (`admin`, `account`, `transferLegSides`, `reason`, `meta`), and the raw
 * `Create` / `Archive` of a holding no token-standard event explains (`contractId`,
 * `templateId`, `packageName`, `offset`, `parentChoice`, `payload`). Kept as JSON: its keys
 * are those of the upstream parser, in its order.
 * @category Token standard
 * @since 0.4.0
 */
export type TokenStandardLabel = { readonly type: string; readonly meta?: unknown } & Readonly<Record<string, unknown>>;

/**
 * One token-standard event of a transaction, for one party.
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardEvent {
  readonly label: TokenStandardLabel;
  readonly lockedHoldingsChange?: TokenStandardHoldingsChange;
  readonly lockedHoldingsChangeSummary?: TokenStandardHoldingsChangeSummary;
  readonly unlockedHoldingsChange?: TokenStandardHoldingsChange;
  readonly unlockedHoldingsChangeSummary?: TokenStandardHoldingsChangeSummary;
  /** The transfer instruction the event acted on (V1), or null. */
  readonly transferInstruction: unknown;
}

/**
 * A transaction as the token-standard parser reads it for one party: the JSON of the upstream
 * parser's `Transaction` (Splice `token-standard/cli`, `list-holding-transactions`).
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardTransaction {
  readonly updateId: string;
  readonly offset: number;
  readonly recordTime: string;
  readonly synchronizerId: string;
  readonly events: ReadonlyArray<TokenStandardEvent>;
}

/**
 * What the ledger says of a contract an event archives and the transaction does not create:
 * its create (`created`, with the interface views) and whether its archival is known
 * (`archived`); `null` when the ledger has no events of it for the party (404
 * `CONTRACT_EVENTS_NOT_FOUND`).
 * @category Token standard
 * @since 0.4.0
 */
export type TokenStandardContract = { readonly created: TokenStandardCreated; readonly archived: boolean } | null;

/**
 * The fields of a created event the parser reads (a ledger `CreatedEvent` has them all).
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardCreated {
  readonly contractId: string;
  readonly templateId: string;
  readonly packageName: string;
  readonly offset: number;
  readonly nodeId: number;
  readonly witnessParties: ReadonlyArray<string>;
  readonly signatories: ReadonlyArray<string>;
  readonly observers?: ReadonlyArray<string> | null;
  readonly interfaceViews?: ReadonlyArray<{ readonly interfaceId: string; readonly viewStatus: { readonly code: number; readonly message?: string }; readonly viewValue?: unknown }> | null;
}
