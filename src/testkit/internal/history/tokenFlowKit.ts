/**
 * What the token-standard flows (src/testkit/internal/history/TokenFlows.ts) share: the log and
 * the parties, the amulets, what is pending (offers, locks, allocations, preapprovals), and the
 * helpers that make amulets and transfers.
 */
import { formatAmount, list, party, rec, some, text, time, type DamlValue } from '../daml.js';
import { transferRecord } from '../interfaceViews.js';
import type { ContractData } from '../model.js';
import { I, T } from '../templates.js';
import { amountOf, type Amulets } from './Amulets.js';
import type { Spec } from './buildTree.js';
import type { Ctx, HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';
import { noExtraArgs, REASON } from './tokenFlowSpecs.js';

export const DAY_MICROS = 24 * 3600 * 1_000_000;

/** A locked amulet and what it is locked for. */
export interface Lock {
  readonly locked: ContractData;
  readonly owner: string;
  readonly micro: number;
  readonly expiresAt: number;
  /** The transfer instruction it backs, if any (then withdrawn once the lock expired). */
  readonly instruction?: ContractData;
}

export interface Offer extends Lock {
  readonly instruction: ContractData;
  readonly receiver: string;
  readonly fate: 'accept' | 'reject' | 'withdraw';
}

export interface Allocation extends Lock {
  readonly allocation: ContractData;
  readonly receiver: string;
}

export class FlowKit {
  readonly offers: Offer[] = [];
  /** Locks that end when they expire (a lock, or an instruction left to expire), oldest first. */
  readonly expiring: Lock[] = [];
  /** Instructions whose lock expired: the sender withdraws them (nothing moves any more). */
  readonly dangling: Array<{ readonly instruction: ContractData; readonly sender: string }> = [];
  readonly allocations: Allocation[] = [];
  /** The receivers' transfer preapprovals, by receiver. */
  readonly preapprovals = new Map<string, ContractData>();

  constructor(
    readonly log: HistoryLog,
    readonly parties: Parties,
    readonly amulets: Amulets,
    readonly rounds: MiningRounds,
  ) {}


  accounts(): string[] {
    return [...this.parties.users, ...this.parties.validators];
  }


  someOwner(): string | undefined {
    const candidates = this.accounts().filter((x) => this.amulets.of(x).length > 0);
    return candidates.length === 0 ? undefined : this.log.prng.pick(candidates);
  }


  other(owner: string): string {
    return this.log.prng.pick(this.accounts().filter((x) => x !== owner));
  }


  amulet(ctx: Ctx, owner: string, micro: number): ContractData {
    return this.log.newContract(ctx, T.Amulet, this.amulets.args(owner, micro), [this.parties.dso, owner], []);
  }


  lockedAmulet(ctx: Ctx, owner: string, micro: number, expiresAt: number, context: string): ContractData {
    const dso = this.parties.dso;
    const lock = rec({ holders: list([party(dso)]), expiresAt: time(expiresAt), optContext: some(text(context)) });
    return this.log.newContract(ctx, T.LockedAmulet, rec({ amulet: this.amulets.args(owner, micro), lock }), [dso, owner], []);
  }


  /** One of the owner's amulets and a part of it (10 % to 60 %), or undefined for an amulet too small to split. */
  part(owner: string): { input: ContractData; total: number; micro: number } | undefined {
    const input = this.log.contract(this.log.prng.pick(this.amulets.of(owner)));
    const total = amountOf(input);
    const micro = Math.floor(total * (0.1 + this.log.prng.next() * 0.5));
    return micro <= 0 || micro >= total ? undefined : { input, total, micro };
  }


  /** The `TransferFactory_Transfer` root every transfer through the factory starts with. */
  factoryTransfer(transfer: DamlValue, sender: string, result: DamlValue, children: readonly Spec[]): Spec {
    return {
      exercise: {
        target: this.log.rule('externalRules'),
        choice: 'TransferFactory_Transfer',
        interfaceId: I.TransferFactory,
        argument: rec({ expectedAdmin: party(this.parties.dso), transfer, extraArgs: noExtraArgs }),
        result,
        consuming: false,
        acting: [sender],
      },
      children,
    };
  }


  transfer(ctx: Ctx, sender: string, receiver: string, micro: number, inputs: readonly ContractData[], reason: string, executeBefore = ctx.effectiveAt + DAY_MICROS): DamlValue {
    return transferRecord({ sender, receiver, amount: formatAmount(micro), dso: this.parties.dso, requestedAt: ctx.effectiveAt, executeBefore, inputs: inputs.map((c) => c.contractId), meta: [[REASON, reason]] });
  }
}
