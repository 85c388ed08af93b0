import * as t from 'io-ts';
import { int64, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsActiveContractCodec = t.type(
  {
    createdEvent: CreatedEvent,
    synchronizerId: t.string,
    reassignmentCounter: int64,
  },
  'JsActiveContract',
);
function isJsActiveContract(u: unknown): boolean {
  return isJsonObject(u) && CreatedEvent.is(u.createdEvent) && typeof u.synchronizerId === 'string' && isInt64(u.reassignmentCounter);
}
/**
 * A contract active on `synchronizerId` at the snapshot's offset, as its last activation (its
 * creation or its latest assignment there) showed it: `createdEvent.offset` may point into
 * pruned history.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsActiveContract)(element.contractEntry.JsActiveContract); // Either<DecodeError, JsActiveContract>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsActiveContract = withFastGuard(JsActiveContractCodec, isJsActiveContract);
export type JsActiveContract = t.TypeOf<typeof JsActiveContract>;
