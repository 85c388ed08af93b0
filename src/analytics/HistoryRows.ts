/**
 * One row of the `updates` table: one update of Scan's history (`scan.updates`, v2 items) or of a
 * participant's (`ledger.updates`). The columns and their engine types are listed in
 * `historyColumns` and docs/analytics.md.
 * @category Analytics
 * @since 0.5.0
 */
export interface UpdateRow {
  readonly update_id: string;
  /** Scan's migration id (a reassignment's is its event's); `null` for the ledger. */
  readonly migration_id: number | null;
  /** The synchronizer: a transaction's; a reassignment's target (assignment) or source (unassignment). */
  readonly synchronizer_id: string | null;
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (cut to microseconds). */
  readonly record_time: string;
  /** UTC, microseconds; `null` for a reassignment or a topology transaction. */
  readonly effective_at: string | null;
  /** The record time's UTC day, `YYYY-MM-DD`: the partition of the Parquet files. */
  readonly day: string;
  /** Scan's hex offset (reassignments, some transactions) or the ledger's offset in decimal. */
  readonly offset: string | null;
  /** `transaction`, `assignment`, `unassignment`, `reassignment`, `topology`, `snapshot`, `snapshot-contract` or `unknown`. */
  readonly kind: string;
  /** `null` when the update has none (Scan's `""`). */
  readonly workflow_id: string | null;
  /** The rows this update has in `events`. */
  readonly event_count: number;
  readonly external_transaction_hash: string | null;
  /** Why the update could not be interpreted fully (an update or event kind this version does not know), else `null`. */
  readonly note: string | null;
}

/**
 * One row of the `events` table: one event of an update, in execution order (`event_index`).
 * @category Analytics
 * @since 0.5.0
 */
export interface EventRow {
  readonly update_id: string;
  readonly migration_id: number | null;
  /** Scan's `event_id` (`<update id>:<node>`); the ledger's `<update id>:<node id>`. */
  readonly event_id: string;
  /** The node id (the ledger's `nodeId`, the number after Scan's last `:`), `null` when there is none. */
  readonly node_id: number | null;
  /** The position of the event in its update, in execution order (pre-order of the tree), from 0. */
  readonly event_index: number;
  /** `created`, `exercised`, `archived`, `assigned`, `unassigned`, or `unknown` (its JSON in `payload`). */
  readonly kind: string;
  readonly package_name: string | null;
  readonly module_name: string | null;
  readonly entity_name: string | null;
  /** The package id of the template id, or the `#name` reference the ledger may give instead. */
  readonly package_id: string | null;
  readonly choice: string | null;
  readonly interface_id: string | null;
  readonly contract_id: string | null;
  /** An exercise's; `null` for other kinds. */
  readonly consuming: boolean | null;
  readonly acting_parties: ReadonlyArray<string> | null;
  readonly signatories: ReadonlyArray<string> | null;
  readonly observers: ReadonlyArray<string> | null;
  /**
   * The create argument (created, assigned) or the choice argument (exercised), as decoded: the
   * writers store it as JSON. Not copied: the row points into the update.
   */
  readonly payload: unknown;
  /** An exercise's result, as decoded (JSON in the tables); `undefined` for other kinds. */
  readonly exercise_result: unknown;
  readonly record_time: string;
  readonly day: string;
}

/**
 * One row of the optional `transfers` table: one transfer of Scan's activity (`activityOf`, kind
 * `transfer`), with its amounts as exact decimal strings (`DECIMAL(38,10)` in the tables).
 * @category Analytics
 * @since 0.5.0
 */
export interface TransferRow {
  readonly update_id: string;
  readonly migration_id: number | null;
  /** The event the transfer was read from (an `AmuletRules_Transfer` exercise, or the purchase that holds one). */
  readonly event_id: string;
  readonly record_time: string;
  readonly day: string;
  /** The mining round; `null` when the summary gives none. */
  readonly round: number | null;
  /** How it came: `direct`, `preapproval`, `transfer-instruction`, `transfer-command`, `traffic-purchase`, `create-preapproval`, `other`. */
  readonly via: string;
  readonly sender: string;
  readonly provider: string | null;
  readonly input_amulet: string;
  readonly input_app_rewards: string;
  readonly input_validator_rewards: string;
  readonly input_sv_rewards: string;
  readonly input_validator_faucet: string;
  readonly input_unclaimed_activity: string;
  readonly input_development_fund: string;
  readonly output_count: number;
  /** The sum of the outputs' amounts (fees not included). */
  readonly output_amount: string;
  readonly sender_change: string;
  readonly fee_holding: string;
  readonly fee_outputs: string;
  readonly fee_sender_change: string;
  /** The Amulet burned: `fee_holding + fee_outputs + fee_sender_change`. */
  readonly fees_burned: string;
  readonly amulet_price: string;
  /** Each output: receiver (`null`: paid to the DSO and burned), amount, fee, locked (JSON in the tables). */
  readonly outputs: ReadonlyArray<{ readonly receiver: string | null; readonly amount: string; readonly fee: string; readonly locked: boolean }>;
}

/**
 * One row of the optional `balance_changes` table: Amulet a party gained (positive) or gave up
 * (negative) in one action of Scan's activity, an exact decimal string (`DECIMAL(38,10)`).
 * Amounts are as Splice counts them (an Amulet at its initial amount; holding fees are paid when
 * it is spent): a transfer gives its sender `spent` (minus every input, rewards included) and
 * `change`, and each receiver `received` (`received-locked` for a locked output); a reward
 * coupon redeemed gives its beneficiary `reward-<kind>`; a tap or mint its receiver `tap` or
 * `mint`. So a transfer's rows add up to its rewards minus the Amulet it burned.
 * @category Analytics
 * @since 0.5.0
 */
export interface BalanceChangeRow {
  readonly update_id: string;
  readonly migration_id: number | null;
  readonly event_id: string;
  readonly record_time: string;
  readonly day: string;
  readonly round: number | null;
  readonly party: string;
  /** Signed, 10 fractional digits. */
  readonly amount: string;
  /** `spent`, `change`, `received`, `received-locked`, `reward-app`, `reward-validator`, `reward-sv`, `reward-validator-faucet`, `reward-unclaimed-activity`, `reward-development-fund`, `tap`, `mint`. */
  readonly reason: string;
}

/**
 * The rows of a batch of updates: `updates` one per update, `events` one per event, in stream
 * order; with `flattenUpdates(items, { activity: true })` also `transfers` and `balance_changes`,
 * read from Scan's activity (docs/analytics.md).
 * @category Analytics
 * @since 0.5.0
 */
export interface HistoryRows {
  readonly updates: UpdateRow[];
  readonly events: EventRow[];
  /** Present when the activity tables were asked for. */
  readonly transfers?: TransferRow[];
  /** Present when the activity tables were asked for. */
  readonly balance_changes?: BalanceChangeRow[];
}
