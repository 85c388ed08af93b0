/**
 * Everything the route handlers share: the history, the participant's index, the resolved
 * options and the mutable switches of the handle.
 */
import type { SimulatedUser } from '../types.js';
import type { History } from './history/History.js';
import type { ContractState } from './model.js';
import { LedgerErrors } from './http.js';
import type { LedgerIndex } from './ledgerView.js';
import type { Jwks } from './verifyJwtSignature.js';

export interface IdentityProvider {
  readonly identityProviderId: string;
  readonly issuer: string;
  readonly jwksUrl: string;
  readonly isDeactivated: boolean;
  readonly audience: string;
}

export interface ResolvedOptions {
  readonly users: readonly SimulatedUser[];
  readonly requireAuth: boolean;
  /** The audience every JWT must carry, if any. */
  readonly audience?: string | undefined;
  readonly trafficEnforcement: boolean;
  readonly trafficBalances: ReadonlyMap<string, number>;
  /** Mutable: the identity provider config routes create, update and delete them. */
  readonly identityProviders: IdentityProvider[];
  readonly ansAcronym: string;
  /** The keys a JWT's signature must verify against; undefined: signatures are not checked. */
  readonly jwks?: Jwks | undefined;
  readonly bulkChecksums: ReadonlyMap<string, string> | undefined;
  /** The objects `GET /v0/history/bulk/download/{object_key}` serves (with bulk storage configured). */
  readonly bulkObjects: ReadonlyMap<string, Uint8Array> | undefined;
  readonly bulkNotConfiguredStatus: 400 | 501;
  /** The chance that a Scan history page comes back short while more results remain. */
  readonly shortPages: number;
  /** The network's clock in microseconds since the epoch: the open mining rounds follow it (never the history). */
  readonly clock: () => number;
}

export class NetworkState {
  live = true;
  readonly ledgerErrors: LedgerErrors;
  /** A user's rights in the participant's user store (set by the participant; none before). */
  storedUser: (userId: string) => SimulatedUser | undefined = () => undefined;

  constructor(
    readonly seed: string,
    readonly history: History,
    readonly ledger: LedgerIndex,
    readonly options: ResolvedOptions,
  ) {
    this.ledgerErrors = new LedgerErrors(seed);
  }

  /** The rounds open and issuing now, on the network's clock. */
  roundsNow(): { open: ContractState[]; issuing: ContractState[] } {
    return this.history.openAndIssuingRounds(this.options.clock());
  }

  /** The wall clock in epoch seconds, only for token expiry (never for the history). */
  nowSeconds(): number {
    return Math.floor(Date.now() / 1000);
  }
}
