import type * as t from 'io-ts';
import { wrapperUnion } from '../common/primitives.js';
import { JsActiveContract } from './JsActiveContract.js';
import { JsEmpty } from './JsEmpty.js';
import { JsIncompleteAssigned } from './JsIncompleteAssigned.js';
import { JsIncompleteUnassigned } from './JsIncompleteUnassigned.js';

/**
 * One entry of an active-contracts snapshot, an object with exactly one key (no `value` level):
 * `JsActiveContract`, `JsIncompleteAssigned`, `JsIncompleteUnassigned` or `JsEmpty`. A contract
 * may have several entries in one snapshot (one per synchronizer, or in-flight reassignments).
 * Open: another kind of entry is an `UnknownMember<'JsContractEntry'>` (docs/codecs.md).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * const entry = decodeWith(codecs.ledger.JsContractEntry)(element.contractEntry); // Either<DecodeError, JsContractEntry>
 * // Right({ JsActiveContract: { createdEvent: { contractId: '00ab…', … }, synchronizerId: 'global-domain::1220…', reassignmentCounter: 0 } })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsContractEntry = wrapperUnion('JsContractEntry', {
  JsActiveContract,
  JsEmpty,
  JsIncompleteAssigned,
  JsIncompleteUnassigned,
}, { group: 'ledger' });
export type JsContractEntry = t.TypeOf<typeof JsContractEntry>;
