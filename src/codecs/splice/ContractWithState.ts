import * as t from 'io-ts';
import { optional, withFastGuard, isJsonObject } from '../common/primitives.js';
import { Contract } from './Contract.js';

// The io-ts codec; the export wraps it with its fast guard.
const ContractWithStateCodec = t.intersection([t.type({ contract: Contract }), t.partial({ domain_id: optional(t.string) })], 'ContractWithState');
function isContractWithState(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.domain_id;
  return (x === undefined || x === null || typeof x === 'string') && Contract.is(u.contract);
}
/**
 * A contract with the synchronizer it is assigned to; no `domain_id` means in flight (upstream `ContractWithState`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.ContractWithState)(rounds.open_mining_rounds[0]); // Either<DecodeError, ContractWithState>
 * const inFlight = (c: codecs.scan.ContractWithState) => c.domain_id == null;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ContractWithState = withFastGuard(ContractWithStateCodec, isContractWithState);
export type ContractWithState = t.TypeOf<typeof ContractWithState>;
