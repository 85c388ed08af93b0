import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';

/**
 * An assignment as the active contracts show it (in a `JsIncompleteAssigned`): unlike the
 * update stream's `JsAssignmentEvent`, `submitter` may be absent.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsAssignedEvent)(entry.JsIncompleteAssigned.assignedEvent); // Either<DecodeError, JsAssignedEvent>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsAssignedEvent = t.intersection(
  [
    t.type({
      source: t.string,
      target: t.string,
      reassignmentId: t.string,
      reassignmentCounter: int64,
      createdEvent: CreatedEvent,
    }),
    t.partial({
      submitter: optional(t.string),
    }),
  ],
  'JsAssignedEvent',
);
export type JsAssignedEvent = t.TypeOf<typeof JsAssignedEvent>;
