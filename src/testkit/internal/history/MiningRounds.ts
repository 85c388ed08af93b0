/**
 * The mining rounds: three open rounds at a time; advancing archives the oldest open round,
 * issues for it and opens the next, and retires the oldest of (at most three) issuing rounds.
 * As on MainNet, a new round opens one tick after it is created and the rounds advance once a
 * tick, when the newest opens: two of the three are open at any time (the newest is not yet).
 * The tick is shorter than MainNet's ten minutes so that short histories see rounds advance.
 *
 * The rounds served as open now (`openAndIssuingAt`) follow the network's clock: past the end of
 * the history, the rounds it would have opened on the same schedule are served (computed from
 * the clock on each request, never by a timer), so that a client asking for the round open now
 * finds one; the history itself never depends on the clock.
 */
import { cid, numeric, party, rec, reltime, round, some, time, type DamlValue } from '../daml.js';
import { sha256Hex } from '../ids.js';
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
  /** When it opens as its payload says (record time), in microseconds. */
  readonly shownOpensAt: number;
}

/** The round period of the simulated network (the `tickDuration` of its rules and rounds), 20 s. */
export const TICK_MICROS = 20_000_000;

/** How long an issuing round is open for claims (its `targetClosesAt` after its `opensAt`), 20 minutes. */
const ISSUING_MICROS = 1_200_000_000;

const openRoundArgs = (dso: string, n: number, initial: number, opensAt: number): DamlValue =>
  rec({
    dso: party(dso),
    round: round(n),
    amuletPrice: numeric('0.0050000000'),
    opensAt: time(opensAt),
    targetClosesAt: time(opensAt + 2 * TICK_MICROS),
    issuingFor: reltime((n - initial) * TICK_MICROS),
    transferConfigUsd: transferConfig(),
    issuanceConfig: issuanceConfig(),
    tickDuration: reltime(TICK_MICROS),
  });

const issuingRoundArgs = (dso: string, n: number, opensAt: number): DamlValue =>
  rec({
    dso: party(dso),
    round: round(n),
    issuancePerValidatorRewardCoupon: numeric('0.2000000000'),
    issuancePerFeaturedAppRewardCoupon: numeric('100.0000000000'),
    issuancePerUnfeaturedAppRewardCoupon: numeric('0.6000000000'),
    issuancePerSvRewardCoupon: numeric('1.5000000000'),
    opensAt: time(opensAt),
    targetClosesAt: time(opensAt + ISSUING_MICROS),
    optIssuancePerValidatorFaucetCoupon: some(numeric('570.0000000000')),
  });

/** The id of a round the history did not create (opened later on the clock): derived from the seed and its number. */
const laterRoundId = (seed: string, kind: 'open' | 'issuing', n: number): string =>
  `00${sha256Hex(seed, 'later-round', kind, n)}ca111220${sha256Hex(seed, 'later-round-suffix', kind, n)}`;

export class MiningRounds {
  private open: RoundRef[] = [];
  private issuing: RoundRef[] = [];

  constructor(
    private readonly log: HistoryLog,
    private readonly dso: string,
  ) {}

  /**
   * The rounds open and issuing at `now` (microseconds, on the network's clock): the history's
   * own while `now` is before its newest round opens, else those the schedule would have opened
   * by then (one a tick after the newest, each opening a tick after it is created and closing
   * two ticks after it opens), with ids derived from the seed.
   */
  openAndIssuingAt(now: number): { open: ContractState[]; issuing: ContractState[] } {
    const newest = this.open[this.open.length - 1];
    if (newest === undefined || now < newest.shownOpensAt) return this.openAndIssuing();
    // The advances due by now: the first when the newest opens, then one a tick.
    const advances = Math.floor((now - newest.shownOpensAt) / TICK_MICROS) + 1;
    const oldest = this.open[0]!.round + advances;
    const opensAt = (n: number): number => newest.shownOpensAt + (n - newest.round) * TICK_MICROS;
    const known = new Map<string, ContractState>();
    for (const c of [...this.open, ...this.issuing]) known.set(`${this.issuing.includes(c) ? 'issuing' : 'open'}:${c.round}`, this.log.contracts.get(c.cid)!);
    const migrationId = this.log.updates[this.log.updates.length - 1]?.migrationId ?? this.log.config.firstMigrationId;
    const later = (kind: 'open' | 'issuing', n: number): ContractState => {
      const own = known.get(`${kind}:${n}`);
      if (own !== undefined) return own;
      // An open round is created a tick before it opens; round n issues from when round n + 2 opens (the advance that archived n).
      const createdAt = kind === 'open' ? opensAt(n) - TICK_MICROS : opensAt(n + 2);
      const args = kind === 'open' ? openRoundArgs(this.dso, n, this.log.config.initialRound, opensAt(n)) : issuingRoundArgs(this.dso, n, createdAt);
      const data: ContractData = {
        contractId: laterRoundId(this.log.config.seed, kind, n),
        template: kind === 'open' ? T.OpenMiningRound : T.IssuingMiningRound,
        args,
        signatories: [this.dso],
        observers: [],
        createdAt,
        createdIn: this.log.updates.length,
        createdInMigration: migrationId,
      };
      return { data, archivedIn: undefined, synchronizerId: this.log.synchronizerId, reassignmentCounter: 0, inFlight: false };
    };
    const issuing = [3, 2, 1].map((k) => oldest - k).filter((n) => n >= this.log.config.initialRound);
    return { open: [0, 1, 2].map((k) => later('open', oldest + k)), issuing: issuing.map((n) => later('issuing', n)) };
  }

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
    this.open = rounds.map((c, k) => ({ cid: c.contractId, round: initial + k, opensAt: ctx.clock + after[k]!, shownOpensAt: ctx.recordTime + after[k]! }));
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
    const issuing = log.newContract(ctx, T.IssuingMiningRound, issuingRoundArgs(this.dso, oldest.round, ctx.effectiveAt), [this.dso], []);
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
    this.open = [...this.open.slice(1), { cid: opened.contractId, round: next, opensAt, shownOpensAt: ctx.recordTime + TICK_MICROS }];
    this.issuing = [...(retiring === undefined ? this.issuing : this.issuing.slice(1)), { cid: issuing.contractId, round: oldest.round, opensAt: ctx.recordTime, shownOpensAt: ctx.effectiveAt }];
  }

  private newRound(ctx: Ctx, n: number, opensAt: number): ContractData {
    return this.log.newContract(ctx, T.OpenMiningRound, openRoundArgs(this.dso, n, this.log.config.initialRound, opensAt), [this.dso], []);
  }
}
