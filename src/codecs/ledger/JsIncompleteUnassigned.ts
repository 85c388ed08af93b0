import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';
import { UnassignedEvent } from './JsReassignment.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsIncompleteUnassignedCodec = t.type(
  {
    createdEvent: CreatedEvent,
    unassignedEvent: UnassignedEvent,
  },
  'JsIncompleteUnassigned',
);
function isJsIncompleteUnassigned(u: unknown): boolean {
  return isJsonObject(u) && CreatedEvent.is(u.createdEvent) && UnassignedEvent.is(u.unassignedEvent);
}
/**
 * A contract unassigned from its synchronizer and not yet assigned at the snapshot's offset, with
 * the creation (or assignment) that last activated it there.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsIncompleteUnassigned)(element.contractEntry.JsIncompleteUnassigned); // Either<DecodeError, JsIncompleteUnassigned>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsIncompleteUnassigned = withFastGuard(JsIncompleteUnassignedCodec, isJsIncompleteUnassigned);
export type JsIncompleteUnassigned = t.TypeOf<typeof JsIncompleteUnassigned>;
