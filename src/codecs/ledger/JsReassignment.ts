import * as t from 'io-ts';
import { Timestamp, int32, int64, optional, valueOf, wrapperUnion, isInt64, withFastGuard, isJsonObject, isInt32, isTimestamp, isStringArray } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';
import { TraceContext } from './TraceContext.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsAssignmentEventCodec = t.type(
  {
    source: t.string,
    target: t.string,
    reassignmentId: t.string,
    submitter: t.string,
    reassignmentCounter: int64,
    createdEvent: CreatedEvent,
  },
  'JsAssignmentEvent',
);
function isJsAssignmentEvent(u: unknown): boolean {
  return (
    isJsonObject(u) &&
    typeof u.source === 'string' &&
    typeof u.target === 'string' &&
    typeof u.reassignmentId === 'string' &&
    typeof u.submitter === 'string' &&
    isInt64(u.reassignmentCounter) &&
    CreatedEvent.is(u.createdEvent)
  );
}
/**
 * The assignment of a contract to a target synchronizer, with the contract's creation.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsAssignmentEvent)(event.JsAssignmentEvent); // Either<DecodeError, JsAssignmentEvent>, no value level
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsAssignmentEvent = withFastGuard(JsAssignmentEventCodec, isJsAssignmentEvent);
export type JsAssignmentEvent = t.TypeOf<typeof JsAssignmentEvent>;

// The io-ts codec; the export wraps it with its fast guard.
const UnassignedEventCodec = t.intersection(
  [
    t.type({
      reassignmentId: t.string,
      contractId: t.string,
      templateId: t.string,
      source: t.string,
      target: t.string,
      reassignmentCounter: int64,
      witnessParties: t.array(t.string),
      packageName: t.string,
      offset: int64,
      nodeId: int32,
    }),
    t.partial({
      submitter: optional(t.string),
      assignmentExclusivity: optional(Timestamp),
    }),
  ],
  'UnassignedEvent',
);
function isUnassignedEvent(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.submitter;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.assignmentExclusivity;
  if (!(x === undefined || x === null || isTimestamp(x))) return false;
  return (
    typeof u.reassignmentId === 'string' &&
    typeof u.contractId === 'string' &&
    typeof u.templateId === 'string' &&
    typeof u.source === 'string' &&
    typeof u.target === 'string' &&
    isInt64(u.reassignmentCounter) &&
    isStringArray(u.witnessParties) &&
    typeof u.packageName === 'string' &&
    isInt64(u.offset) &&
    isInt32(u.nodeId)
  );
}
/**
 * The unassignment of a contract from its source synchronizer.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.UnassignedEvent)(event.JsUnassignedEvent.value); // Either<DecodeError, UnassignedEvent>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UnassignedEvent = withFastGuard(UnassignedEventCodec, isUnassignedEvent);
export type UnassignedEvent = t.TypeOf<typeof UnassignedEvent>;

/**
 * The `{"value": UnassignedEvent}` level that, unlike `JsAssignmentEvent`, an unassignment has.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsUnassignedEvent)(event.JsUnassignedEvent); // Right({ value: { reassignmentId, contractId, … } })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsUnassignedEvent = valueOf(UnassignedEvent, 'JsUnassignedEvent');
export type JsUnassignedEvent = t.TypeOf<typeof JsUnassignedEvent>;

/**
 * One event of a reassignment: `{"JsAssignmentEvent": {...}}` (flat) or
 * `{"JsUnassignedEvent": {"value": {...}}}`. Open: another event is an `UnknownMember<'JsReassignmentEvent'>`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsReassignmentEvent)(reassignment.events[0]); // Either<DecodeError, JsReassignmentEvent>
 * const contractIdOf = (e: codecs.ledger.JsReassignmentEvent) =>
 *   'JsAssignmentEvent' in e ? e.JsAssignmentEvent.createdEvent.contractId : 'JsUnassignedEvent' in e ? e.JsUnassignedEvent.value.contractId : undefined;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsReassignmentEvent = wrapperUnion('JsReassignmentEvent', {
  JsAssignmentEvent,
  JsUnassignedEvent,
}, { group: 'ledger' });
export type JsReassignmentEvent = t.TypeOf<typeof JsReassignmentEvent>;

// The io-ts codec; the export wraps it with its fast guard.
const JsReassignmentCodec = t.intersection(
  [
    t.type({
      updateId: t.string,
      offset: int64,
      // Upstream promises a non-empty list; an empty one would harm no reader, so it is not refused.
      events: t.array(JsReassignmentEvent),
      recordTime: Timestamp,
      synchronizerId: t.string,
    }),
    t.partial({
      commandId: optional(t.string),
      workflowId: optional(t.string),
      traceContext: optional(TraceContext),
      paidTrafficCost: optional(int64),
    }),
  ],
  'JsReassignment',
);
function isJsReassignment(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.commandId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.workflowId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.paidTrafficCost;
  if (!(x === undefined || x === null || isInt64(x))) return false;
  x = u.traceContext;
  if (!(x === undefined || x === null || TraceContext.is(x))) return false;
  if (!(typeof u.updateId === 'string' && isInt64(u.offset) && isTimestamp(u.recordTime) && typeof u.synchronizerId === 'string')) return false;
  const events = u.events;
  if (!Array.isArray(events)) return false;
  for (let i = 0; i < events.length; i++) if (!JsReassignmentEvent.is(events[i])) return false;
  return true;
}
/**
 * The move of contracts between synchronizers. `recordTime` is the source synchronizer's for an
 * unassignment and the target's for an assignment.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsReassignment)(update.Reassignment.value); // Either<DecodeError, JsReassignment>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsReassignment = withFastGuard(JsReassignmentCodec, isJsReassignment);
export type JsReassignment = t.TypeOf<typeof JsReassignment>;
