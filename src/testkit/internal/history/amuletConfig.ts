/**
 * The amulet fee schedule: as the Daml `TransferConfig` the rules and rounds carry, and as Scan's
 * `GetAmuletConfigForRoundResponse` prints it.
 */
import { int64, list, numeric, rec, type DamlValue } from '../daml.js';

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
