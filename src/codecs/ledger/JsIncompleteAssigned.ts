import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { JsAssignedEvent } from './JsAssignedEvent.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsIncompleteAssignedCodec = t.type(
  {
    assignedEvent: JsAssignedEvent,
  },
  'JsIncompleteAssigned',
);
function isJsIncompleteAssigned(u: unknown): boolean {
  return isJsonObject(u) && JsAssignedEvent.is(u.assignedEvent);
}
/**
 * A contract whose assignment is known at the snapshot's offset while its unassignment is not
 * (an in-flight reassignment).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsIncompleteAssigned)(element.contractEntry.JsIncompleteAssigned); // Either<DecodeError, JsIncompleteAssigned>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsIncompleteAssigned = withFastGuard(JsIncompleteAssignedCodec, isJsIncompleteAssigned);
export type JsIncompleteAssigned = t.TypeOf<typeof JsIncompleteAssigned>;
