/**
 * Queries over the one history that Scan's and the scan-proxy's read routes answer from: the
 * current rule contracts, the round at an update, holdings totals at a snapshot, the transfer
 * commands of external parties and the activity of a round. Nothing here is a wire shape.
 */
import type { DamlValue } from '../daml.js';
import type { ContractState, HistoryUpdate, Snapshot, TemplateRef } from '../model.js';
import { T } from '../templates.js';
import { amountOf } from './Amulets.js';
import type { History } from './History.js';

/** The active contracts of one template after the last update. */
export const activeNow = (history: History, template: TemplateRef): ContractState[] =>
  history
    .activeAt(history.updates.length - 1, [template])
    .sort((a, b) => a.data.createdIn - b.data.createdIn || (a.data.contractId < b.data.contractId ? -1 : 1));

/** The one active contract of a rule template (genesis creates each once and nothing archives them). */
export const ruleContract = (history: History, template: TemplateRef): ContractState => {
  const found = activeNow(history, template)[0];
  if (found === undefined) throw new Error(`no active ${template.entityName}`);
  return found;
};

/**
 * The round transfers happen in right after update `index`: the initial round plus the advances so
 * far (each advance archives the oldest of the three open rounds, see MiningRounds).
 */
export const roundAt = (history: History, index: number): number => {
  let n = history.config.initialRound;
  const last = Math.min(index, history.updates.length - 1);
  for (let i = 0; i <= last; i++) if (history.updates[i]!.label === 'advance-rounds') n += 1;
  return n;
};

const field = (v: DamlValue | undefined, name: string): DamlValue | undefined => (v?.t === 'record' ? v.fields.find(([k]) => k === name)?.[1] : undefined);
const leaf = (v: DamlValue | undefined): string | undefined => (v !== undefined && 'v' in v && typeof v.v === 'string' ? v.v : undefined);

/** Amounts in 10^-10 units, so that fees per round stay exact. */
const TEN_DIGITS = 10_000_000_000n;
export const formatTenDigits = (units: bigint): string => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / TEN_DIGITS}.${String(abs % TEN_DIGITS).padStart(10, '0')}`;
};

/** The holding fee rate of the simulated amulets (`ratePerRound` of Amulets.args), in 10^-10 units. */
const HOLDING_FEE_PER_ROUND = 190_259n;

export interface HoldingsTotals {
  readonly partyId: string;
  /** 10^-10 units. */
  readonly unlocked: bigint;
  readonly fees: bigint;
}

/**
 * Each owner's amulet total at a snapshot and the holding fees accrued on it by `asOfRound` (the
 * simulated network has no locked amulets: a lock archives the amulet into a payment contract).
 */
export const holdingsAt = (history: History, snapshot: Snapshot, owners: readonly string[], asOfRound: number): HoldingsTotals[] => {
  const totals = new Map<string, { unlocked: bigint; fees: bigint }>(owners.map((o) => [o, { unlocked: 0n, fees: 0n }]));
  for (const s of history.activeAt(snapshot.lastIndex, [T.Amulet])) {
    const owner = s.data.signatories.find((p) => p !== history.dso);
    const t = owner === undefined ? undefined : totals.get(owner);
    if (t === undefined) continue;
    t.unlocked += BigInt(amountOf(s.data)) * 10_000n;
    const created = Number(leaf(field(field(field(s.data.args, 'amount'), 'createdAt'), 'number')) ?? asOfRound);
    if (asOfRound > created) t.fees += HOLDING_FEE_PER_ROUND * BigInt(asOfRound - created);
  }
  return owners.map((partyId) => ({ partyId, ...totals.get(partyId)! }));
};

/** One transfer command of an external party, as its create in the history shows it. */
export interface TransferCommandRecord {
  readonly sender: string;
  readonly receiver: string;
  readonly delegate: string;
  readonly amount: string;
  readonly nonce: number;
  readonly update: HistoryUpdate;
}

/** Every transfer command, oldest first (the choice argument carries the nonce the command used). */
export const transferCommands = (history: History): TransferCommandRecord[] => {
  const out: TransferCommandRecord[] = [];
  for (const u of history.updates) {
    if (u.kind !== 'transaction' || u.label !== 'transfer-command') continue;
    for (const node of u.nodes) {
      if (node.kind !== 'exercised' || node.choice !== 'ExternalPartyAmuletRules_CreateTransferCommand') continue;
      const a = node.argument;
      out.push({
        sender: leaf(field(a, 'sender')) ?? '',
        receiver: leaf(field(a, 'receiver')) ?? '',
        delegate: leaf(field(a, 'delegate')) ?? '',
        amount: leaf(field(a, 'amount')) ?? '0',
        nonce: Number(leaf(field(a, 'nonce')) ?? '0'),
        update: u,
      });
    }
  }
  return out;
};

/** What happened while round `n` was the current one: the taps and transfers and who made them. */
export const roundActivity = (history: History, n: number): { readonly transfers: number; readonly parties: ReadonlySet<string> } => {
  let round = history.config.initialRound;
  let transfers = 0;
  const parties = new Set<string>();
  for (const u of history.updates) {
    if (u.label === 'advance-rounds') round += 1;
    if (round > n) break;
    if (round !== n || u.kind !== 'transaction' || (u.label !== 'transfer' && u.label !== 'tap')) continue;
    transfers += 1;
    for (const p of u.submitters) parties.add(p);
  }
  return { transfers, parties };
};

/** `ValidatorReceivedFaucets` of the licensed validators among `ids` (others are left out), from the faucet state of their current licence. */
export const validatorFaucets = (
  history: History,
  ids: readonly string[],
): Array<{ validator: string; numRoundsCollected: number; numRoundsMissed: number; firstCollectedInRound: number; lastCollectedInRound: number }> => {
  const licenses = activeNow(history, T.ValidatorLicense);
  const out = [];
  for (const id of new Set(ids)) {
    const license = licenses.find((s) => leaf(field(s.data.args, 'validator')) === id);
    const state = field(license?.data.args, 'faucetState');
    const faucet = state?.t === 'optional' ? (state.v ?? undefined) : undefined;
    if (license === undefined || faucet === undefined) continue;
    const first = Number(leaf(field(field(faucet, 'firstReceivedFor'), 'number')));
    const last = Number(leaf(field(field(faucet, 'lastReceivedFor'), 'number')));
    const missed = Number(leaf(field(faucet, 'numCouponsMissed')));
    out.push({ validator: id, numRoundsCollected: last - first + 1 - missed, numRoundsMissed: missed, firstCollectedInRound: first, lastCollectedInRound: last });
  }
  return out;
};
