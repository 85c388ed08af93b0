/**
 * The mining rounds: three open rounds at a time; advancing archives the oldest open round,
 * issues for it and opens the next, and retires the oldest of (at most three) issuing rounds.
 * As on MainNet, a new round opens one tick after it is created and the rounds advance once a
 * tick, when the newest opens: two of the three are open at any time (the newest is not yet).
 * The tick is shorter than MainNet's ten minutes so that short histories see rounds advance.
 */
import { cid, numeric, party, rec, reltime, round, some, time } from '../daml.js';
import type { ContractData, ContractState } from '../model.js';
import { T } from '../templates.js';
import { amuletConfigForRound, issuanceConfig, transferConfig, type AmuletConfigForRound } from './amuletConfig.js';
import { archiveSpec, type Spec } from './buildTree.js';
import type { Ctx, HistoryLog } from './HistoryLog.js';

interface RoundRef {
  readonly cid: string;
  readonly round: number;
  /** When it opens, on the schedule's clock (`Ctx.clock`), in microseconds. */
  readonly opensAt: number;
}

/** The round period of the simulated network (the `tickDuration` of its rules and rounds), 20 s. */
export const TICK_MICROS = 20_000_000;

export class MiningRounds {
  private open: RoundRef[] = [];
  private issuing: RoundRef[] = [];

  constructor(
    private readonly log: HistoryLog,
    private readonly dso: string,
  ) {}

  /** The first round, the latest open one, and the last one whose reward accounting is done. */
  summary(): { initial: number; latestOpen: number; closedThrough: number } {
    const initial = this.log.config.initialRound;
    const latestOpen = this.open.length > 0 ? this.open[this.open.length - 1]!.round : initial + 2;
    return { initial, latestOpen, closedThrough: latestOpen - 3 };
  }

  configFor(n: number): AmuletConfigForRound | undefined {
    const { initial, latestOpen } = this.summary();
    if (!Number.isSafeInteger(n) || n < initial || n > latestOpen) return undefined;
    return amuletConfigForRound(n, initial);
  }

  openAndIssuing(): { open: ContractState[]; issuing: ContractState[] } {
    const get = (c: RoundRef): ContractState => this.log.contracts.get(c.cid)!;
    return { open: this.open.map(get), issuing: this.issuing.map(get) };
  }

  /** The oldest open round: the one transfers and taps happen in. */
  current(): RoundRef {
    return this.open[0]!;
  }

  /** The number of the current round, also before genesis. */
  currentNumber(): number {
    return this.open[0]?.round ?? this.log.config.initialRound;
  }

  /** Genesis opens the first three rounds in its own transaction: the first two open at once, the third a tick later. */
  openInitial(ctx: Ctx): ContractData[] {
    const initial = this.log.config.initialRound;
    const after = [0, 0, TICK_MICROS];
    const rounds = [0, 1, 2].map((k) => this.newRound(ctx, initial + k, ctx.recordTime + after[k]!));
    this.open = rounds.map((c, k) => ({ cid: c.contractId, round: initial + k, opensAt: ctx.clock + after[k]! }));
    return rounds;
  }

  /** Whether the rounds must advance before an update at `recordTime` or earlier: the newest round opens by then. */
  dueBy(recordTime: number): boolean {
    const newest = this.open[this.open.length - 1];
    return newest !== undefined && recordTime >= newest.opensAt;
  }

  advance(): void {
    const log = this.log;
    // Not before the newest round opens (it becomes the middle one, open), so that the round
    // created now, opening a tick later, is the only one not open.
    const ctx = log.begin(undefined, this.open[this.open.length - 1]!.opensAt);
    const oldest = this.open[0]!;
    const next = this.open[this.open.length - 1]!.round + 1;
    const issuing = log.newContract(
      ctx,
      T.IssuingMiningRound,
      rec({
        dso: party(this.dso),
        round: round(oldest.round),
        issuancePerValidatorRewardCoupon: numeric('0.2000000000'),
        issuancePerFeaturedAppRewardCoupon: numeric('100.0000000000'),
        issuancePerUnfeaturedAppRewardCoupon: numeric('0.6000000000'),
        issuancePerSvRewardCoupon: numeric('1.5000000000'),
        opensAt: time(ctx.effectiveAt),
        targetClosesAt: time(ctx.effectiveAt + 1_200_000_000),
        optIssuancePerValidatorFaucetCoupon: some(numeric('570.0000000000')),
      }),
      [this.dso],
      [],
    );
    const opened = this.newRound(ctx, next, ctx.recordTime + TICK_MICROS);
    const opensAt = ctx.clock + TICK_MICROS;
    const children: Spec[] = [archiveSpec(log.contract(oldest.cid), [this.dso], 'Archive'), { created: issuing }, { created: opened }];
    const retiring = this.issuing.length >= 3 ? this.issuing[0] : undefined;
    if (retiring !== undefined) children.push(archiveSpec(log.contract(retiring.cid), [this.dso], 'Archive'));
    log.commitTx(ctx, 'advance-rounds', [this.dso], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_AdvanceOpenMiningRounds',
          argument: rec({ amuletPrice: numeric('0.0050000000'), roundToArchiveCid: cid(oldest.cid), middleRoundCid: cid(this.open[1]!.cid), latestRoundCid: cid(this.open[2]!.cid) }),
          // MainNet's field names (AmuletRules_AdvanceOpenMiningRoundsResult).
          result: rec({ summarizingRoundCid: cid(issuing.contractId), openRoundCid: cid(opened.contractId) }),
          consuming: false,
          acting: [this.dso],
        },
        children,
      },
    ]);
    this.open = [...this.open.slice(1), { cid: opened.contractId, round: next, opensAt }];
    this.issuing = [...(retiring === undefined ? this.issuing : this.issuing.slice(1)), { cid: issuing.contractId, round: oldest.round, opensAt: ctx.recordTime }];
  }

  private newRound(ctx: Ctx, n: number, opensAt: number): ContractData {
    return this.log.newContract(
      ctx,
      T.OpenMiningRound,
      rec({
        dso: party(this.dso),
        round: round(n),
        amuletPrice: numeric('0.0050000000'),
        opensAt: time(opensAt),
        targetClosesAt: time(opensAt + 2 * TICK_MICROS),
        issuingFor: reltime((n - this.log.config.initialRound) * TICK_MICROS),
        transferConfigUsd: transferConfig(),
        issuanceConfig: issuanceConfig(),
        tickDuration: reltime(TICK_MICROS),
      }),
      [this.dso],
      [],
    );
  }
}
