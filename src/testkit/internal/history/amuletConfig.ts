/**
 * The amulet fee schedule: as the Daml `TransferConfig` the rules and rounds carry, and as Scan's
 * `GetAmuletConfigForRoundResponse` prints it; the whole `AmuletConfig` of the rules and the DSO
 * rules' `DsoRulesConfig`, with the fields MainNet's carry (test/fixtures/scan
 * v2-updates__syed-bcw-canton-scan-tool__1.json, the bootstrap transaction of MainNet).
 */
import { damlSet, enumValue, genMap, int64, list, none, numeric, rec, reltime, some, text, type DamlValue } from '../daml.js';

export interface AmuletConfigForRound {
  readonly amulet_create_fee: string;
  readonly holding_fee: string;
  readonly lock_holder_fee: string;
  readonly transfer_fee: { readonly initial: string; readonly steps: ReadonlyArray<{ readonly amount: string; readonly rate: string }> };
}

/** Decimal string with 10 digits from an integer count of 10^-10. */
const tenths = (units: number): string => `${Math.floor(units / 1e10)}.${String(units % 1e10).padStart(10, '0')}`;

/** The configuration of round `n` (the holding fee changes every 20 rounds, so that rounds differ). */
export const amuletConfigForRound = (n: number, initialRound: number): AmuletConfigForRound => {
  const era = Math.floor((n - initialRound) / 20) % 5;
  return {
    amulet_create_fee: tenths(300_000_000),
    holding_fee: tenths(190_259 + era * 1_000),
    lock_holder_fee: tenths(50_000_000),
    transfer_fee: {
      initial: tenths(100_000_000),
      steps: [
        { amount: tenths(100 * 1e10), rate: tenths(10_000_000) },
        { amount: tenths(1000 * 1e10), rate: tenths(1_000_000) },
        { amount: tenths(1_000_000 * 1e10), rate: tenths(100_000) },
      ],
    },
  };
};

export const transferConfig = (): DamlValue =>
  rec({
    createFee: rec({ fee: numeric('0.0300000000') }),
    holdingFee: rec({ rate: numeric('0.0000190259') }),
    transferFee: rec({
      initialRate: numeric('0.0100000000'),
      steps: list([
        rec({ _1: numeric('100.0000000000'), _2: numeric('0.0010000000') }),
        rec({ _1: numeric('1000.0000000000'), _2: numeric('0.0001000000') }),
        rec({ _1: numeric('1000000.0000000000'), _2: numeric('0.0000100000') }),
      ]),
    }),
    lockHolderFee: rec({ fee: numeric('0.0050000000') }),
    extraFeaturedAppRewardAmount: numeric('1.0000000000'),
    maxNumInputs: int64(100),
    maxNumOutputs: int64(100),
    maxNumLockHolders: int64(50),
  });

/** The issuance parameters of a round (`IssuanceConfig`), as MainNet's first rounds carry them. */
export const issuanceConfig = (amuletToIssuePerYear = '40000000000.0000000000', validatorRewardPercentage = '0.0500000000', appRewardPercentage = '0.1500000000'): DamlValue =>
  rec({
    amuletToIssuePerYear: numeric(amuletToIssuePerYear),
    validatorRewardPercentage: numeric(validatorRewardPercentage),
    appRewardPercentage: numeric(appRewardPercentage),
    validatorRewardCap: numeric('0.2000000000'),
    featuredAppRewardCap: numeric('100.0000000000'),
    unfeaturedAppRewardCap: numeric('0.6000000000'),
    optValidatorFaucetCap: some(numeric('2.8500000000')),
    optDevelopmentFundPercentage: none,
  });

const YEAR = 31_536_000_000_000;

/**
 * The rules' `AmuletConfig`: the fee schedule, the issuance curve, the decentralized synchronizer
 * (where official clients find the global synchronizer id), the tick duration and the package
 * versions. `tickMicros` is the simulated network's round period.
 */
export const amuletConfig = (synchronizerId: string, tickMicros: number): DamlValue =>
  rec({
    transferConfig: transferConfig(),
    issuanceCurve: rec({
      initialValue: issuanceConfig(),
      futureValues: list([
        rec({ _1: reltime(YEAR / 2), _2: issuanceConfig('20000000000.0000000000', '0.1200000000', '0.4000000000') }),
        rec({ _1: reltime(YEAR * 1.5), _2: issuanceConfig('10000000000.0000000000', '0.1800000000', '0.6200000000') }),
      ]),
    }),
    decentralizedSynchronizer: rec({
      requiredSynchronizers: damlSet([text(synchronizerId)]),
      activeSynchronizer: text(synchronizerId),
      fees: rec({
        baseRateTrafficLimits: rec({ burstAmount: int64(200_000), burstWindow: reltime(1_200_000_000) }),
        extraTrafficPrice: numeric('16.6700000000'),
        readVsWriteScalingFactor: int64(4),
        minTopupAmount: int64(200_000),
      }),
    }),
    tickDuration: reltime(tickMicros),
    packageConfig: rec({
      amulet: text('0.1.14'),
      amuletNameService: text('0.1.14'),
      dsoGovernance: text('0.1.19'),
      validatorLifecycle: text('0.1.5'),
      wallet: text('0.1.14'),
      walletPayments: text('0.1.14'),
    }),
    transferPreapprovalFee: none,
    featuredAppActivityMarkerAmount: none,
    optDevelopmentFundManager: none,
  });

/** The DSO rules' `DsoRulesConfig`, with the global synchronizer operational. */
export const dsoRulesConfig = (synchronizerId: string): DamlValue =>
  rec({
    numUnclaimedRewardsThreshold: int64(10),
    numMemberTrafficContractsThreshold: int64(5),
    actionConfirmationTimeout: reltime(3_600_000_000),
    svOnboardingRequestTimeout: reltime(3_600_000_000),
    svOnboardingConfirmedTimeout: reltime(3_600_000_000),
    voteRequestTimeout: reltime(604_800_000_000),
    dsoDelegateInactiveTimeout: reltime(70_000_000),
    synchronizerNodeConfigLimits: rec({
      cometBft: rec({ maxNumCometBftNodes: int64(2), maxNumGovernanceKeys: int64(2), maxNumSequencingKeys: int64(2), maxNodeIdLength: int64(50), maxPubKeyLength: int64(256) }),
    }),
    maxTextLength: int64(1024),
    decentralizedSynchronizer: rec({
      synchronizers: genMap([[text(synchronizerId), rec({ state: enumValue('DS_Operational'), cometBftGenesisJson: text(''), acsCommitmentReconciliationInterval: none })]]),
      lastSynchronizerId: text(synchronizerId),
      activeSynchronizerId: text(synchronizerId),
    }),
    nextScheduledSynchronizerUpgrade: none,
    voteCooldownTime: none,
  });

/** The DSO rules' `initialTrafficState`: no traffic consumed by the SVs' participants yet. */
export const initialTrafficState = (svs: readonly string[]): DamlValue =>
  genMap(svs.map((sv) => [text(`PAR::${sv}`), rec({ consumedTraffic: int64(0) })] as const));
