import * as t from 'io-ts';
import { optional } from '../common/primitives.js';
import { Contract } from './Contract.js';

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
export const ContractWithState = t.intersection([t.type({ contract: Contract }), t.partial({ domain_id: optional(t.string) })], 'ContractWithState');
export type ContractWithState = t.TypeOf<typeof ContractWithState>;
