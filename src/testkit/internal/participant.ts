/**
 * The simulated participant's own mutable records, beside the one history: its users and their
 * rights, the parties it allocated, the completions of the submissions it accepted and their
 * deduplication keys. All in memory, for the life of one network.
 */
import type { Json } from './daml.js';
import { isObject } from './http.js';
import { partyIdFor } from './ids.js';
import type { NetworkState } from './state.js';
import type { SimulatedUser } from '../types.js';
import type { SimulatedCompletion } from './webSocketContent.js';

/** A `User` of the user management service, as the API prints it. */
export interface UserRecord {
  readonly id: string;
  primaryParty: string;
  isDeactivated: boolean;
  identityProviderId: string;
  annotations: Record<string, string>;
  resourceVersion: number;
  /** Rights as printed: `{ kind: { CanActAs: { value: { party } } } }`. */
  rights: Json[];
}

/** A party the participant allocated or was told about, beyond the history's own. */
export interface PartyRecord {
  readonly party: string;
  readonly isLocal: boolean;
  identityProviderId: string;
  annotations: Record<string, string>;
  resourceVersion: number;
}

/** The key of a right, to compare rights regardless of key order. */
export const rightKey = (right: unknown): string => JSON.stringify(right);

const rightOf = (kind: string, value: Json): Json => ({ kind: { [kind]: { value } } });

export class Participant {
  readonly users = new Map<string, UserRecord>();
  readonly parties = new Map<string, PartyRecord>();
  readonly completions: SimulatedCompletion[] = [];
  /** Deduplication keys (user, command id, act-as) with the record time (µs) and offset of their completion. */
  readonly dedup = new Map<string, { readonly recordTime: number; readonly offset: number }>();

  constructor(private readonly state: NetworkState) {
    const admin: UserRecord = { id: 'participant_admin', primaryParty: '', isDeactivated: false, identityProviderId: '', annotations: {}, resourceVersion: 0, rights: [rightOf('ParticipantAdmin', {})] };
    this.users.set(admin.id, admin);
    for (const u of state.options.users) {
      const rights: Json[] = [
        ...(u.actAs ?? []).map((party) => rightOf('CanActAs', { party })),
        ...(u.readAs ?? []).map((party) => rightOf('CanReadAs', { party })),
        ...(u.executeAs ?? []).map((party) => rightOf('CanExecuteAs', { party })),
        ...(u.admin === true ? [rightOf('ParticipantAdmin', {})] : []),
        ...(u.readAsAnyParty === true ? [rightOf('CanReadAsAnyParty', {})] : []),
      ];
      this.users.set(u.userId, { id: u.userId, primaryParty: u.primaryParty ?? u.actAs?.[0] ?? '', isDeactivated: false, identityProviderId: '', annotations: {}, resourceVersion: 0, rights });
    }
    for (const party of state.history.partyIds.values()) this.parties.set(party, { party, isLocal: state.ledger.hosted.has(party), identityProviderId: '', annotations: {}, resourceVersion: 0 });
    state.storedUser = (userId) => this.rightsOf(userId);
  }

  /** A user's rights as the store holds them, in the shape of a configured user; none for a deactivated user. */
  rightsOf(userId: string): SimulatedUser | undefined {
    const u = this.users.get(userId);
    if (u === undefined) return undefined;
    if (u.isDeactivated) return { userId };
    const of = (kind: string): string[] =>
      u.rights.flatMap((r) => {
        const value = isObject(r) && isObject(r['kind']) && isObject(r['kind'][kind]) ? r['kind'][kind]['value'] : undefined;
        return isObject(value) && typeof value['party'] === 'string' ? [value['party']] : [];
      });
    const has = (kind: string): boolean => u.rights.some((r) => isObject(r) && isObject(r['kind']) && r['kind'][kind] !== undefined);
    return {
      userId,
      actAs: of('CanActAs'),
      readAs: of('CanReadAs'),
      executeAs: of('CanExecuteAs'),
      admin: has('ParticipantAdmin'),
      readAsAnyParty: has('CanReadAsAnyParty'),
      ...(u.primaryParty === '' ? {} : { primaryParty: u.primaryParty }),
    };
  }

  /** Allocates a local party for a hint (a fresh hint when absent); undefined when it exists already. */
  allocate(hint: string | undefined, identityProviderId: string, annotations: Record<string, string>): PartyRecord | undefined {
    const chosen = hint ?? `party-${this.parties.size + 1}`;
    const party = partyIdFor(this.state.seed, chosen);
    if (this.parties.has(party)) return undefined;
    const record: PartyRecord = { party, isLocal: true, identityProviderId, annotations, resourceVersion: 0 };
    this.parties.set(party, record);
    return record;
  }
}

export const userJson = (u: UserRecord): Json => ({
  id: u.id,
  primaryParty: u.primaryParty,
  isDeactivated: u.isDeactivated,
  metadata: { resourceVersion: String(u.resourceVersion), annotations: { ...u.annotations } },
  identityProviderId: u.identityProviderId,
});

export const partyJson = (p: PartyRecord): Json => ({
  party: p.party,
  isLocal: p.isLocal,
  localMetadata: { resourceVersion: String(p.resourceVersion), annotations: { ...p.annotations } },
  identityProviderId: p.identityProviderId,
});

/** The annotations of an `ObjectMeta`, or 'bad'. */
export const annotationsOf = (meta: unknown): Record<string, string> | 'bad' => {
  if (meta === undefined || meta === null) return {};
  if (!isObject(meta)) return 'bad';
  const a = meta['annotations'] ?? {};
  if (!isObject(a) || !Object.values(a).every((v) => typeof v === 'string')) return 'bad';
  return { ...(a as Record<string, string>) };
};
