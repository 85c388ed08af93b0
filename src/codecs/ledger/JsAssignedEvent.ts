import * as t from 'io-ts';
import { int64, optional, isInt64, withFastGuard, isJsonObject } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsAssignedEventCodec = t.intersection(
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
function isJsAssignedEvent(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.submitter;
  return (x === undefined || x === null || typeof x === 'string') && typeof u.source === 'string' && typeof u.target === 'string' && typeof u.reassignmentId === 'string' && isInt64(u.reassignmentCounter) && CreatedEvent.is(u.createdEvent);
}
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
export const JsAssignedEvent = withFastGuard(JsAssignedEventCodec, isJsAssignedEvent);
export type JsAssignedEvent = t.TypeOf<typeof JsAssignedEvent>;
