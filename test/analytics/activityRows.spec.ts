import assert from 'node:assert/strict';
import { activityRows } from '../../src/analytics/activityRows';
import { flattenUpdates } from '../../src/analytics/flattenUpdates';
import type { BalanceChangeRow, TransferRow } from '../../src/analytics/HistoryRows';
import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import { activityOf, type ActivityElement } from '../../src/activity/activityOf';
import type { SinkItem } from '../../src/sinks/Sink';
import { readFixture } from '../helpers/fixtures';
import { scanHistory } from '../helpers/scanHistory';

type Transfer = ActivityElement & { kind: 'transfer' };

const neg = (d: string): string => (d.startsWith('-') ? d.slice(1) : `-${d}`);

describe('activityRows', () => {
  const items = scanHistory(60) as unknown as SinkItem[];

  it('gives one transfers row per transfer of the activity, with its amounts as the activity has them, and the update its times', () => {
    const rows = flattenUpdates(items, { activity: true });
    const transfers = items.flatMap((i) => activityOf(i).filter((e): e is Transfer => e.kind === 'transfer').map((e) => ({ e, item: i as unknown as { update_id: string; record_time: string; migration_id: number } })));
    assert.ok(transfers.length >= 5, `${transfers.length} transfers`);
    assert.equal(rows.transfers!.length, transfers.length);
    rows.transfers!.forEach((r: TransferRow, n) => {
      const { e, item } = transfers[n]!;
      assert.deepEqual([r.update_id, r.migration_id, r.event_id, r.record_time, r.day], [item.update_id, item.migration_id, e.eventId, item.record_time, item.record_time.slice(0, 10)]);
      assert.equal(r.round, Number(e.round));
      assert.deepEqual([r.sender, r.fees_burned, r.sender_change, r.input_amulet, r.output_count], [e.sender, e.fees.burned, e.senderChange, e.inputs.amulet, e.outputs.length]);
      assert.equal(r.output_amount, sumDecimals(e.outputs.map((o) => o.amount)));
    });
  });

  it("balance changes: a transfer's rows add up to its rewards less the Amulet it burned; the sender's are spent and change, each receiver's what it got", () => {
    const rows = flattenUpdates(items, { activity: true });
    const changes = rows.balance_changes!;
    for (const t of rows.transfers!) {
      const mine = changes.filter((c: BalanceChangeRow) => c.event_id === t.event_id);
      const rewards = [t.input_app_rewards, t.input_validator_rewards, t.input_sv_rewards, t.input_validator_faucet, t.input_unclaimed_activity, t.input_development_fund];
      assert.equal(sumDecimals(mine.map((c) => c.amount)), sumDecimals([...rewards, neg(t.fees_burned)]), t.event_id);
      const spent = mine.filter((c) => c.reason === 'spent');
      assert.deepEqual(spent.map((c) => [c.party, c.amount]), [[t.sender, neg(sumDecimals([t.input_amulet, ...rewards]))]]);
      for (const o of t.outputs.filter((o) => o.receiver !== null && o.amount !== '0.0000000000'))
        assert.ok(mine.some((c) => c.party === o.receiver && c.amount === o.amount && c.reason.startsWith('received')), JSON.stringify(o));
    }
    assert.ok(changes.every((c) => /^-?\d+\.\d{10}$/.test(c.amount)), 'exact decimals, 10 digits');
  });

  it('reads a tap and the rewards minted: the receiver and the beneficiary gain them; a reassignment and a ledger update give no rows', () => {
    const out = { transfers: [] as TransferRow[], balance_changes: [] as BalanceChangeRow[] };
    const c = { update_id: 'u', migration_id: 1, record_time: '2026-11-25T00:00:00.000000Z', day: '2026-11-25' };
    const tx = (readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: unknown[] }).transactions;
    for (const t of tx) activityRows(t, c, out);
    const minted = tx.flatMap((t) => activityOf(t)).filter((e) => e.kind === 'reward-minted' || e.kind === 'mint');
    assert.ok(minted.length > 0);
    assert.equal(out.balance_changes.filter((r) => r.reason.startsWith('reward-') || r.reason === 'tap' || r.reason === 'mint').length, minted.length);
    const none = { transfers: [] as TransferRow[], balance_changes: [] as BalanceChangeRow[] };
    activityRows({ update_id: 'r', event: { migration_id: 1 } }, c, none);
    activityRows({ update: { Transaction: { value: { events: [] } } } }, c, none);
    assert.deepEqual(none, { transfers: [], balance_changes: [] });
  });

  it('without the option, flattenUpdates makes no activity tables (the activity is not read)', () => {
    const rows = flattenUpdates(items);
    assert.equal(rows.transfers, undefined);
    assert.equal(rows.balance_changes, undefined);
  });
});
