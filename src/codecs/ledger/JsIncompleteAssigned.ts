import * as t from 'io-ts';
import { JsAssignedEvent } from './JsAssignedEvent.js';

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
export const JsIncompleteAssigned = t.type(
  {
    assignedEvent: JsAssignedEvent,
  },
  'JsIncompleteAssigned',
);
export type JsIncompleteAssigned = t.TypeOf<typeof JsIncompleteAssigned>;
