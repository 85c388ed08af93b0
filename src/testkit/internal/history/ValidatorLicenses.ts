/** Validator licences: one per validator from genesis on, renewed when its metadata changes. */
import { cid, int64, party, rec, round, some, text, time, type DamlValue } from '../daml.js';
import type { ContractData } from '../model.js';
import { T } from '../templates.js';
import type { Ctx, HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';

const contactPoint = (validator: string): string => `ops@${validator.split('::')[0]}.example`;

export class ValidatorLicenses {
  private readonly licenses = new Map<string, string>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
    private readonly rounds: MiningRounds,
  ) {}

  /** Genesis licenses every validator in its own transaction. */
  issueInitial(ctx: Ctx): ContractData[] {
    const licenses = this.parties.validators.map((v) => this.log.newContract(ctx, T.ValidatorLicense, this.args(v, ctx.effectiveAt, '0.1.0'), [this.parties.dso], [v]));
    this.parties.validators.forEach((v, i) => this.licenses.set(v, licenses[i]!.contractId));
    return licenses;
  }

  update(): void {
    const log = this.log;
    const validator = log.prng.pick(this.parties.validators);
    const old = log.contract(this.licenses.get(validator)!);
    const ctx = log.begin();
    const version = `0.${1 + (ctx.index % 5)}.${ctx.index % 10}`;
    const renewed = log.newContract(ctx, T.ValidatorLicense, this.args(validator, ctx.effectiveAt, version), [this.parties.dso], [validator]);
    log.commitTx(ctx, 'license-update', [validator], [
      {
        exercise: {
          target: old,
          choice: 'ValidatorLicense_UpdateMetadata',
          argument: rec({ version: text(version), contactPoint: text(contactPoint(validator)) }),
          result: rec({ licenseCid: cid(renewed.contractId) }),
          consuming: true,
          acting: [validator],
        },
        children: [{ created: renewed }],
      },
    ]);
    this.licenses.set(validator, renewed.contractId);
  }

  private args(validator: string, at: number, version: string): DamlValue {
    return rec({
      validator: party(validator),
      sponsor: party(this.parties.svs[0]!),
      dso: party(this.parties.dso),
      faucetState: some(rec({ firstReceivedFor: round(this.log.config.initialRound), lastReceivedFor: round(this.rounds.currentNumber()), numCouponsMissed: int64(0) })),
      metadata: some(rec({ lastUpdatedAt: time(at), version: text(version), contactPoint: text(contactPoint(validator)) })),
      lastActiveAt: some(time(at)),
    });
  }
}
