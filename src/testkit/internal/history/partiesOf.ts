/** The party ids and synchronizer ids of a simulated network, derived from its seed. */
import { partyIdFor, sha256Hex } from '../ids.js';
import type { HistoryConfig } from './HistoryLog.js';

export interface Parties {
  /** Party ids by hint, in the order `DSO`, SVs, validators, users, external parties. */
  readonly ids: ReadonlyMap<string, string>;
  readonly dso: string;
  readonly svs: readonly string[];
  readonly validators: readonly string[];
  readonly users: readonly string[];
  readonly externals: readonly string[];
  /** `global-domain::<the DSO's fingerprint>`, as on the real networks. */
  readonly globalSynchronizer: string;
  /** The second synchronizer reassignments move contracts to and from. */
  readonly appSynchronizer: string;
}

export const partiesOf = (config: HistoryConfig): Parties => {
  const ids = new Map<string, string>();
  const hint = (h: string): string => {
    const id = partyIdFor(config.seed, h);
    ids.set(h, id);
    return id;
  };
  const dso = hint('DSO');
  const svs = config.svs.map(hint);
  const validators = config.validators.map(hint);
  const users = config.users.map(hint);
  const externals = config.externalParties.map(hint);
  const fingerprint = dso.slice(dso.indexOf('::') + 2);
  return {
    ids,
    dso,
    svs,
    validators,
    users,
    externals,
    globalSynchronizer: `global-domain::${fingerprint}`,
    appSynchronizer: `app-synchronizer::1220${sha256Hex(config.seed, 'app-synchronizer')}`,
  };
};
