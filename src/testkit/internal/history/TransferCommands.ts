/**
 * Transfer commands of external parties: each one replaces the sender's `TransferCommandCounter`
 * (nonce + 1) and carries the external transaction hash Scan shows.
 */
import { amount, cid, int64, party, rec } from '../daml.js';
import { sha256Hex } from '../ids.js';
import type { ContractState } from '../model.js';
import { T } from '../templates.js';
import { archiveSpec, type Spec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';
import type { Parties } from './partiesOf.js';

export class TransferCommands {
  private readonly counters = new Map<string, { cid: string; nonce: number }>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
  ) {}

  counterOf(sender: string): ContractState | undefined {
    const c = this.counters.get(sender);
    return c === undefined ? undefined : this.log.contracts.get(c.cid);
  }

  create(): void {
    const log = this.log;
    const { dso, users, validators, externals } = this.parties;
    const sender = log.prng.pick(externals);
    const previous = this.counters.get(sender);
    const nonce = previous === undefined ? 1 : previous.nonce + 1;
    const ctx = log.begin();
    const counter = log.newContract(ctx, T.TransferCommandCounter, rec({ dso: party(dso), sender: party(sender), nextNonce: int64(nonce) }), [dso], [sender]);
    const children: Spec[] = [];
    if (previous !== undefined) children.push(archiveSpec(log.contract(previous.cid), [dso], 'Archive'));
    children.push({ created: counter });
    log.commitTx(
      ctx,
      'transfer-command',
      [dso],
      [
        {
          exercise: {
            target: log.rule('externalRules'),
            choice: 'ExternalPartyAmuletRules_CreateTransferCommand',
            argument: rec({ sender: party(sender), receiver: party(log.prng.pick(users)), delegate: party(validators[0]!), amount: amount((1 + log.prng.int(50)) * 1_000_000), nonce: int64(nonce - 1) }),
            result: rec({ transferCommandCounterCid: cid(counter.contractId) }),
            consuming: false,
            acting: [dso],
          },
          children,
        },
      ],
      sha256Hex(log.config.seed, 'external-hash', ctx.index),
    );
    this.counters.set(sender, { cid: counter.contractId, nonce });
  }
}
