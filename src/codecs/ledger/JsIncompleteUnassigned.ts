import * as t from 'io-ts';
import { CreatedEvent } from './Event.js';
import { UnassignedEvent } from './JsReassignment.js';

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
export const JsIncompleteUnassigned = t.type(
  {
    createdEvent: CreatedEvent,
    unassignedEvent: UnassignedEvent,
  },
  'JsIncompleteUnassigned',
);
export type JsIncompleteUnassigned = t.TypeOf<typeof JsIncompleteUnassigned>;
