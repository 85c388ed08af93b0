import { sumDecimals } from '../../src/codecs/common/sumDecimals';
import { activityOf } from '../../src/activity/activityOf';
import type { DuckDBConnectionLike } from '../../src/duckdb/DuckDBConnectionLike';

/** What the activity tables must hold, folded from the activity elements themselves (not through the rows). */
export interface ActivityFacts {
  readonly transfers: number;
  /** Per sender: the exact sum of the Amulet its transfers burned. */
  readonly burnedBySender: Record<string, string>;
  /** Per party: the exact sum of what it gained less what it gave up (spent inputs, change, outputs received, rewards, taps). */
  readonly balanceByParty: Record<string, string>;
  /** Transfers per UTC day. */
  readonly transfersPerDay: Record<string, number>;
}

const neg = (d: string): string => (d.startsWith('-') ? d.slice(1) : `-${d}`);

export const activityFacts = (items: ReadonlyArray<unknown>): ActivityFacts => {
  const burned = new Map<string, string[]>();
  const balance = new Map<string, string[]>();
  const perDay: Record<string, number> = {};
  const add = (m: Map<string, string[]>, k: string, d: string) => m.set(k, [...(m.get(k) ?? []), d]);
  let transfers = 0;
  for (const item of items) {
    const day = String((item as { record_time?: unknown }).record_time).slice(0, 10);
    for (const e of activityOf(item)) {
      if (e.kind === 'transfer') {
        transfers++;
        perDay[day] = (perDay[day] ?? 0) + 1;
        add(burned, e.sender, e.fees.burned);
        add(balance, e.sender, neg(sumDecimals(Object.values(e.inputs))));
        add(balance, e.sender, e.senderChange);
        for (const o of e.outputs) if (o.receiver !== null) add(balance, o.receiver, o.amount);
      } else if (e.kind === 'reward-minted') add(balance, e.beneficiary, e.amount);
      else if (e.kind === 'mint') add(balance, e.receiver, e.amount);
    }
  }
  const summed = (m: Map<string, string[]>) => Object.fromEntries([...m].map(([k, v]) => [k, sumDecimals(v)]).filter(([, v]) => v !== '0.0000000000' || m === burned));
  return { transfers, burnedBySender: summed(burned), balanceByParty: summed(balance), transfersPerDay: perDay };
};

const rows = async (db: DuckDBConnectionLike, sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

/** The same facts read back from `transfers` and `balance_changes` (tables, or read_parquet(...) of files), exact (DECIMAL sums as text). */
export const readActivityFacts = async (db: DuckDBConnectionLike, transfers: string, changes: string): Promise<ActivityFacts & { readonly distinctTransfers: number }> => {
  const [n] = await rows(db, `SELECT count(*) AS n, count(DISTINCT (update_id, event_id)) AS d FROM ${transfers}`);
  const decimal = (v: unknown) => {
    const s = String(v);
    const [whole, frac = ''] = s.split('.');
    return `${whole}.${frac.padEnd(10, '0')}`;
  };
  return {
    transfers: Number(n!.n),
    distinctTransfers: Number(n!.d),
    burnedBySender: Object.fromEntries((await rows(db, `SELECT sender, sum(fees_burned)::VARCHAR AS s FROM ${transfers} GROUP BY 1`)).map((r) => [String(r.sender), decimal(r.s)])),
    balanceByParty: Object.fromEntries(
      (await rows(db, `SELECT party, sum(amount)::VARCHAR AS s FROM ${changes} GROUP BY 1 HAVING sum(amount) <> 0`)).map((r) => [String(r.party), decimal(r.s)]),
    ),
    transfersPerDay: Object.fromEntries((await rows(db, `SELECT strftime(day, '%Y-%m-%d') AS d, count(*) AS n FROM ${transfers} GROUP BY 1`)).map((r) => [String(r.d), Number(r.n)])),
  };
};
