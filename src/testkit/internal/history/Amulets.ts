/**
 * Amulet holdings on the global synchronizer, by owner, and the two ways they change hands in the
 * generated history: devnet taps and transfers.
 */
import { amount, cid, formatAmount, genMap, list, none, numeric, party, rec, round, some, variant, type DamlValue } from '../daml.js';
import type { ContractData } from '../model.js';
import { T } from '../templates.js';
import { archiveSpec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';

/** The amount of an amulet in 10^-6 units (its `initialAmount`, ignoring holding fees). */
const ZERO = numeric('0.0000000000');

export const amountOf = (data: ContractData): number => {
  if (data.args.t !== 'record') return 0;
  const amt = data.args.fields.find(([k]) => k === 'amount')?.[1];
  if (amt === undefined || amt.t !== 'record') return 0;
  const initial = amt.fields.find(([k]) => k === 'initialAmount')?.[1];
  if (initial === undefined || initial.t !== 'numeric') return 0;
  const [whole, frac = ''] = initial.v.split('.');
  return Number(whole) * 1_000_000 + Number(frac.slice(0, 6).padEnd(6, '0'));
};

export class Amulets {
  /** Contract ids of the amulets each owner holds on the global synchronizer, oldest first. */
  private readonly byOwner = new Map<string, string[]>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly rounds: MiningRounds,
  ) {
    log.observers.push({
      created: (c) => {
        if (c.template === T.Amulet) this.add(this.ownerOf(c), c.contractId);
      },
      archived: (c) => {
        if (c.template === T.Amulet) this.remove(this.ownerOf(c), c.contractId);
      },
    });
  }

  /** The owner of an amulet: its signatory other than the DSO. */
  ownerOf(c: ContractData): string {
    return c.signatories.find((s) => s !== this.parties.dso) ?? this.parties.dso;
  }

  of(owner: string): readonly string[] {
    return this.byOwner.get(owner) ?? [];
  }

  /** Every amulet on the global synchronizer, grouped by owner in the order owners first got one. */
  all(): string[] {
    return [...this.byOwner.values()].flat();
  }

  add(owner: string, contractId: string): void {
    this.byOwner.set(owner, [...(this.byOwner.get(owner) ?? []), contractId]);
  }

  remove(owner: string, contractId: string): void {
    const list = this.byOwner.get(owner);
    if (list === undefined) return;
    const i = list.indexOf(contractId);
    if (i >= 0) list.splice(i, 1);
  }

  args(owner: string, micro: number): DamlValue {
    const dso = this.parties.dso;
    return rec({ dso: party(dso), owner: party(owner), amount: rec({ initialAmount: amount(micro), createdAt: round(this.rounds.currentNumber()), ratePerRound: rec({ rate: numeric('0.0000190259') }) }) });
  }

  tap(owner: string): void {
    const log = this.log;
    const ctx = log.begin();
    const micro = (100 + log.prng.int(4900)) * 1_000_000 + log.prng.int(1_000_000);
    const amulet = log.newContract(ctx, T.Amulet, this.args(owner, micro), [this.parties.dso, owner], []);
    const open = this.rounds.current();
    log.commitTx(ctx, 'tap', [owner], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_DevNet_Tap',
          argument: rec({ receiver: party(owner), amount: amount(micro), openRound: cid(open.cid) }),
          // AmuletRules_DevNet_TapResult: the AmuletCreateSummary carries the round's Amulet price.
          result: rec({ amuletSum: rec({ amulet: cid(amulet.contractId), amuletPrice: numeric('0.0050000000'), round: round(open.round) }) }),
          consuming: false,
          acting: [owner],
        },
        children: [{ created: amulet }],
      },
    ]);
  }

  /** A user or validator sends part of one amulet to another; one without amulets taps instead. */
  transfer(): void {
    const log = this.log;
    const p = log.prng;
    const { users, validators, dso } = this.parties;
    const candidates = [...users, ...validators].filter((x) => this.of(x).length > 0);
    if (candidates.length === 0) return this.tap(p.pick(users));
    const sender = p.pick(candidates);
    const receiver = p.pick([...users, ...validators].filter((x) => x !== sender));
    const input = log.contract(p.pick(this.of(sender)));
    const inputAmount = amountOf(input);
    const sent = Math.floor(inputAmount * (0.1 + p.next() * 0.5));
    if (sent <= 0 || sent >= inputAmount) return this.tap(sender);
    const ctx = log.begin();
    const out = log.newContract(ctx, T.Amulet, this.args(receiver, sent), [dso, receiver], []);
    const change = log.newContract(ctx, T.Amulet, this.args(sender, inputAmount - sent), [dso, sender], []);
    const open = this.rounds.current();
    log.commitTx(ctx, 'transfer', [sender], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_Transfer',
          argument: rec({
            transfer: rec({
              sender: party(sender),
              provider: party(sender),
              inputs: list([variant('InputAmulet', cid(input.contractId))]),
              outputs: list([rec({ receiver: party(receiver), receiverFeeRatio: numeric('0.0000000000'), amount: amount(sent), lock: none })]),
              beneficiaries: none,
            }),
            context: rec({ openMiningRound: cid(open.cid), issuingMiningRounds: list([]), validatorRights: list([]), featuredAppRight: none }),
            expectedDso: some(party(dso)),
          }),
          result: rec({
            round: round(open.round),
            // The fields of MainNet's TransferSummary; the simulated transfers charge no fees.
            summary: rec({
              inputAppRewardAmount: ZERO,
              inputValidatorRewardAmount: ZERO,
              inputSvRewardAmount: ZERO,
              inputAmuletAmount: amount(inputAmount),
              balanceChanges: genMap([
                [party(sender), rec({ changeToInitialAmountAsOfRoundZero: numeric(`-${formatAmount(sent)}`), changeToHoldingFeesRate: ZERO })],
                [party(receiver), rec({ changeToInitialAmountAsOfRoundZero: amount(sent), changeToHoldingFeesRate: ZERO })],
              ]),
              holdingFees: ZERO,
              outputFees: list([ZERO]),
              senderChangeFee: ZERO,
              senderChangeAmount: amount(inputAmount - sent),
              amuletPrice: numeric('0.0050000000'),
              inputValidatorFaucetAmount: some(ZERO),
              inputUnclaimedActivityRecordAmount: some(ZERO),
              inputDevelopmentFundAmount: none,
            }),
            createdAmulets: list([variant('TransferResultAmulet', cid(out.contractId))]),
            senderChangeAmulet: some(cid(change.contractId)),
            meta: none,
          }),
          consuming: false,
          acting: [sender],
        },
        children: [archiveSpec(input, [sender], 'Archive'), { created: out }, { created: change }],
      },
    ]);
  }
}
