import { decimalUnits, unitsToDecimal } from '../codecs/common/decimalUnits.js';
import { activityOf, type ActivityElement } from '../activity/activityOf.js';
import type { BalanceChangeRow, TransferRow } from './HistoryRows.js';

/** What every activity row of one update shares (as its `updates` row has them). */
export interface ActivityRowsOf {
  readonly update_id: string;
  readonly migration_id: number | null;
  readonly record_time: string;
  readonly day: string;
}

type Transfer = ActivityElement & { kind: 'transfer' };

/** A round number as the tables hold it: a whole number, else `null` (never a guess). */
const roundOf = (round: string): number | null => {
  const n = /^\d{1,15}$/.test(round) ? Number(round) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

const units = (d: string): bigint => decimalUnits(d, true) ?? 0n;

/**
 * Appends the `transfers` and `balance_changes` rows of one Scan transaction, read by
 * `activityOf` (the activity feed's reading, so that the tables and `scan.activity` never differ).
 * @example
 * ```ts
 * const out = { transfers: [], balance_changes: [] };
 * activityRows(item, { update_id: item.update_id, migration_id: 4, record_time: '2026-11-25T10:00:00.000000Z', day: '2026-11-25' }, out);
 * ```
 * @internal
 */
export const activityRows = (item: unknown, c: ActivityRowsOf, out: { readonly transfers: TransferRow[]; readonly balance_changes: BalanceChangeRow[] }): void => {
  for (const e of activityOf(item)) {
    const change = (party: string, amount: string, reason: string, round: number | null): void => {
      out.balance_changes.push({ update_id: c.update_id, migration_id: c.migration_id, event_id: e.eventId, record_time: c.record_time, day: c.day, round, party, amount, reason });
    };
    if (e.kind === 'transfer') {
      const round = roundOf(e.round);
      out.transfers.push(transferRow(c, e, round));
      const i = e.inputs;
      const spent = [i.amulet, i.appRewards, i.validatorRewards, i.svRewards, i.validatorFaucet, i.unclaimedActivity, i.developmentFund].reduce((a, d) => a + units(d), 0n);
      if (spent !== 0n) change(e.sender, unitsToDecimal(-spent), 'spent', round);
      if (units(e.senderChange) !== 0n) change(e.sender, e.senderChange, 'change', round);
      // An output with no receiver is Amulet paid to the DSO and burned: nobody's balance.
      for (const o of e.outputs) if (o.receiver !== null && units(o.amount) !== 0n) change(o.receiver, o.amount, o.locked ? 'received-locked' : 'received', round);
    } else if (e.kind === 'reward-minted') change(e.beneficiary, e.amount, `reward-${e.reward}`, roundOf(e.round));
    else if (e.kind === 'mint') change(e.receiver, e.amount, e.how, roundOf(e.round));
  }
};

const transferRow = (c: ActivityRowsOf, e: Transfer, round: number | null): TransferRow => ({
  update_id: c.update_id,
  migration_id: c.migration_id,
  event_id: e.eventId,
  record_time: c.record_time,
  day: c.day,
  round,
  via: e.via,
  sender: e.sender,
  provider: e.provider ?? null,
  input_amulet: e.inputs.amulet,
  input_app_rewards: e.inputs.appRewards,
  input_validator_rewards: e.inputs.validatorRewards,
  input_sv_rewards: e.inputs.svRewards,
  input_validator_faucet: e.inputs.validatorFaucet,
  input_unclaimed_activity: e.inputs.unclaimedActivity,
  input_development_fund: e.inputs.developmentFund,
  output_count: e.outputs.length,
  output_amount: unitsToDecimal(e.outputs.reduce((a, o) => a + units(o.amount), 0n)),
  sender_change: e.senderChange,
  fee_holding: e.fees.holding,
  fee_outputs: e.fees.outputs,
  fee_sender_change: e.fees.senderChange,
  fees_burned: e.fees.burned,
  amulet_price: e.amuletPrice,
  outputs: e.outputs,
});
