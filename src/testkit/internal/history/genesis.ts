/**
 * The first update of every history: the DSO creates its rules, the first three mining rounds and
 * a licence per validator, in one transaction.
 */
import { bool, genMap, int64, list, numeric, party, rec, reltime, round, text } from '../daml.js';
import { T } from '../templates.js';
import { amuletConfig, dsoRulesConfig, initialTrafficState } from './amuletConfig.js';
import { TICK_MICROS } from './MiningRounds.js';
import type { HistoryLog } from './HistoryLog.js';
import type { MiningRounds } from './MiningRounds.js';
import type { Parties } from './partiesOf.js';
import type { ValidatorLicenses } from './ValidatorLicenses.js';

const DAY = 86_400_000_000;

export const genesis = (log: HistoryLog, parties: Parties, rounds: MiningRounds, licenses: ValidatorLicenses): void => {
  const ctx = log.begin();
  const { dso, svs } = parties;
  const initialRound = log.config.initialRound;
  const dsoRules = log.newContract(
    ctx,
    T.DsoRules,
    rec({
      dso: party(dso),
      epoch: int64(0),
      // A Daml Map keyed by party: pairs in compact JSON, as MainNet prints it.
      svs: genMap(svs.map((sv, i) => [party(sv), rec({ name: text(`sv-${i + 1}`), joinedAsOfRound: round(initialRound), svRewardWeight: int64(10_000), participantId: text(`PAR::${sv}`) })] as const)),
      offboardedSvs: genMap([]),
      dsoDelegate: party(svs[0]!),
      config: dsoRulesConfig(log.synchronizerId),
      initialTrafficState: initialTrafficState(svs),
      isDevNet: bool(true),
    }),
    [dso],
    [],
  );
  const amuletRules = log.newContract(ctx, T.AmuletRules, rec({ dso: party(dso), configSchedule: rec({ initialValue: amuletConfig(log.synchronizerId, TICK_MICROS), futureValues: list([]) }), isDevNet: bool(true) }), [dso], []);
  const ansRules = log.newContract(
    ctx,
    T.AnsRules,
    rec({ dso: party(dso), config: rec({ renewalDuration: reltime(30 * DAY), entryLifetime: reltime(90 * DAY), entryFee: numeric('1.0000000000'), descriptionPrefix: text('ANS entry: ') }) }),
    [dso],
    [],
  );
  const externalRules = log.newContract(ctx, T.ExternalPartyAmuletRules, rec({ dso: party(dso) }), [dso], []);
  const openRounds = rounds.openInitial(ctx);
  const validatorLicenses = licenses.issueInitial(ctx);
  log.commitTx(ctx, 'bootstrap', [dso], [dsoRules, amuletRules, ansRules, externalRules, ...openRounds, ...validatorLicenses].map((c) => ({ created: c })));
  log.rules = { dsoRules: dsoRules.contractId, amuletRules: amuletRules.contractId, ansRules: ansRules.contractId, externalRules: externalRules.contractId };
};
