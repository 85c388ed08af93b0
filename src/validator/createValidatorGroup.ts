import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type * as T from '../codecs/validator/index.js';
import * as O from '../generated/validator/operations.js';
import { generatedValidatorMethods, type GeneratedValidatorMethods } from '../generated/validator/methods.js';

type Result<A> = Observable<E.Either<CantonError, A>>;

/**
 * The Splice validator API (`{validator_url}`, ending in `/api/validator`). Every method is
 * cold and emits `Either<CantonError, A>`.
 * @category Client
 * @since 0.1.0
 */
export interface ValidatorGroup extends GeneratedValidatorMethods {
  /**
   * `POST /v0/entry/create`: asks for an ANS entry, paid through a subscription the user then
   * accepts in their wallet. The request is checked first (name suffix, url, description).
   */
  createAnsEntry(request: T.CreateAnsEntryRequest): Result<T.CreateAnsEntryResponse>;
  /** `GET /v0/entry/all`: the ANS entries of the user the token belongs to. */
  listAnsEntries(): Result<T.ListAnsEntriesResponse>;
  /** `GET /v0/scan-proxy/open-and-issuing-mining-rounds`. */
  getOpenAndIssuingMiningRounds(): Result<T.GetOpenAndIssuingMiningRoundsProxyResponse>;
  /** `GET /v0/scan-proxy/featured-apps/{provider_party_id}`: null or absent when there is none. */
  lookupFeaturedAppRight(providerPartyId: string): Result<T.LookupFeaturedAppRightResponse>;
}

/** @internal */
export const createValidatorGroup = (transport: Transport, ansAcronym: string): ValidatorGroup => ({
  ...generatedValidatorMethods(transport),
  createAnsEntry: (request) => invokeOperation(transport, O.createAnsEntry, [request], { ansAcronym }),
  listAnsEntries: () => invokeOperation(transport, O.listAnsEntries, []),
  getOpenAndIssuingMiningRounds: () => invokeOperation(transport, O.getOpenAndIssuingMiningRounds, []),
  lookupFeaturedAppRight: (providerPartyId) => invokeOperation(transport, O.lookupFeaturedAppRight, [providerPartyId]),
});
