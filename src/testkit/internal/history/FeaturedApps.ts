/** Featured app rights: each validator or user provider gets at most one, for the rest of the history. */
import { cid, party, rec } from '../daml.js';
import type { ContractState } from '../model.js';
import { T } from '../templates.js';
import type { HistoryLog } from './HistoryLog.js';
import type { Parties } from './partiesOf.js';

export class FeaturedApps {
  private readonly rights = new Map<string, string>();

  constructor(
    private readonly log: HistoryLog,
    private readonly parties: Parties,
  ) {}

  rightOf(provider: string): ContractState | undefined {
    const c = this.rights.get(provider);
    return c === undefined ? undefined : this.log.contracts.get(c);
  }

  /** Features a provider that has no right yet; false (and nothing happens) when all have one. */
  feature(): boolean {
    const log = this.log;
    const dso = this.parties.dso;
    const providers = [...this.parties.validators, ...this.parties.users].filter((x) => !this.rights.has(x));
    if (providers.length === 0) return false;
    const provider = log.prng.pick(providers);
    const ctx = log.begin();
    const right = log.newContract(ctx, T.FeaturedAppRight, rec({ dso: party(dso), provider: party(provider) }), [dso], [provider]);
    log.commitTx(ctx, 'feature-app', [provider], [
      {
        exercise: {
          target: log.rule('amuletRules'),
          choice: 'AmuletRules_DevNet_FeatureApp',
          argument: rec({ provider: party(provider) }),
          result: rec({ featuredAppRightCid: cid(right.contractId) }),
          consuming: false,
          acting: [provider],
        },
        children: [{ created: right }],
      },
    ]);
    this.rights.set(provider, right.contractId);
    return true;
  }
}
