import * as t from 'io-ts';
import { DamlValue, RequiredDamlValue, Timestamp, int32, int64, isInt32, isInt64, isJsonObject, isStringArray, isTimestamp, optional, withFastGuard, wrapperUnion } from '../common/primitives.js';
import { JsInterfaceView } from './JsInterfaceView.js';

// The io-ts codec; the export wraps it with its fast guard.
const CreatedEventCodec = t.intersection(
  [
    t.type({
      offset: int64,
      nodeId: int32,
      contractId: t.string,
      templateId: t.string,
      // Required, yet null (never absent) when an interface-only filter left the payload out (a
      // Canton 3.3 ACS capture): any value passes, a missing key does not.
      createArgument: RequiredDamlValue,
      witnessParties: t.array(t.string),
      signatories: t.array(t.string),
      createdAt: Timestamp,
      packageName: t.string,
    }),
    t.partial({
      contractKey: DamlValue,
      contractKeyHash: optional(t.string),
      createdEventBlob: optional(t.string),
      interfaceViews: optional(t.array(JsInterfaceView)),
      observers: optional(t.array(t.string)),
      // Required upstream since 3.4/3.5; most Canton 3.3 captures (events-by-contract-id, active
      // contracts, transaction-by-offset, update-by-id, flat and ledger-effects updates) have neither.
      representativePackageId: optional(t.string),
      acsDelta: optional(t.boolean),
    }),
  ],
  'CreatedEvent',
);
// The fast guard of each event (thousands per ledger page): the codec's fields as straight-line tests.
function isCreatedEvent(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x: unknown = u.interfaceViews;
  if (x !== undefined && x !== null) {
    if (!Array.isArray(x)) return false;
    for (let i = 0; i < x.length; i++) if (!JsInterfaceView.is(x[i])) return false;
  }
  x = u.contractKeyHash;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.createdEventBlob;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.observers;
  if (!(x === undefined || x === null || isStringArray(x))) return false;
  x = u.representativePackageId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.acsDelta;
  if (!(x === undefined || x === null || typeof x === 'boolean')) return false;
  return (
    isInt64(u.offset) &&
    isInt32(u.nodeId) &&
    typeof u.contractId === 'string' &&
    typeof u.templateId === 'string' &&
    u.createArgument !== undefined &&
    isStringArray(u.witnessParties) &&
    isStringArray(u.signatories) &&
    isTimestamp(u.createdAt) &&
    typeof u.packageName === 'string'
  );
}
/**
 * The creation of a contract, as seen by the requesting parties.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // An element of POST /v2/state/active-contracts
 * decodeWith(codecs.ledger.CreatedEvent)(element.contractEntry.JsActiveContract.createdEvent); // Either<DecodeError, CreatedEvent>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CreatedEvent = withFastGuard(CreatedEventCodec, isCreatedEvent);
export type CreatedEvent = t.TypeOf<typeof CreatedEvent>;

// The io-ts codec; the export wraps it with its fast guard.
const ArchivedEventCodec = t.intersection(
  [
    t.type({
      offset: int64,
      nodeId: int32,
      contractId: t.string,
      templateId: t.string,
      witnessParties: t.array(t.string),
      packageName: t.string,
    }),
    t.partial({
      implementedInterfaces: optional(t.array(t.string)),
    }),
  ],
  'ArchivedEvent',
);
function isArchivedEvent(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.implementedInterfaces;
  return (
    (x === undefined || x === null || isStringArray(x)) &&
    isInt64(u.offset) &&
    isInt32(u.nodeId) &&
    typeof u.contractId === 'string' &&
    typeof u.templateId === 'string' &&
    isStringArray(u.witnessParties) &&
    typeof u.packageName === 'string'
  );
}
/**
 * The archival of a contract (ACS_DELTA shape only; LEDGER_EFFECTS shows a consuming exercise).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // The `archived` half of POST /v2/events/events-by-contract-id
 * decodeWith(codecs.ledger.ArchivedEvent)(body.archived.archivedEvent); // Either<DecodeError, ArchivedEvent>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ArchivedEvent = withFastGuard(ArchivedEventCodec, isArchivedEvent);
export type ArchivedEvent = t.TypeOf<typeof ArchivedEvent>;

// The io-ts codec; the export wraps it with its fast guard.
const ExercisedEventCodec = t.intersection(
  [
    t.type({
      offset: int64,
      nodeId: int32,
      contractId: t.string,
      templateId: t.string,
      choice: t.string,
      choiceArgument: RequiredDamlValue,
      actingParties: t.array(t.string),
      consuming: t.boolean,
      witnessParties: t.array(t.string),
      lastDescendantNodeId: int32,
      packageName: t.string,
    }),
    t.partial({
      interfaceId: optional(t.string),
      exerciseResult: DamlValue,
      implementedInterfaces: optional(t.array(t.string)),
      // Required upstream since 3.4; absent from the 3.3-era update-by-id, updates-flat-transactions
      // and Utility ledger-effects captures.
      acsDelta: optional(t.boolean),
    }),
  ],
  'ExercisedEvent',
);
function isExercisedEvent(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x: unknown = u.interfaceId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.implementedInterfaces;
  if (!(x === undefined || x === null || isStringArray(x))) return false;
  x = u.acsDelta;
  if (!(x === undefined || x === null || typeof x === 'boolean')) return false;
  return (
    isInt64(u.offset) &&
    isInt32(u.nodeId) &&
    typeof u.contractId === 'string' &&
    typeof u.templateId === 'string' &&
    typeof u.choice === 'string' &&
    u.choiceArgument !== undefined &&
    isStringArray(u.actingParties) &&
    typeof u.consuming === 'boolean' &&
    isStringArray(u.witnessParties) &&
    isInt32(u.lastDescendantNodeId) &&
    typeof u.packageName === 'string'
  );
}
/**
 * The exercise of a choice (LEDGER_EFFECTS shape); its children are the nodes `nodeId + 1` to
 * `lastDescendantNodeId`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ExercisedEvent)(event.ExercisedEvent); // Either<DecodeError, ExercisedEvent>
 * const isChild = (parent: codecs.ledger.ExercisedEvent, nodeId: number) => nodeId > parent.nodeId && nodeId <= parent.lastDescendantNodeId;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ExercisedEvent = withFastGuard(ExercisedEventCodec, isExercisedEvent);
export type ExercisedEvent = t.TypeOf<typeof ExercisedEvent>;

/**
 * One event of a `JsTransaction`: `{"CreatedEvent": ...}`, `{"ArchivedEvent": ...}` or
 * `{"ExercisedEvent": ...}`, with no `value` level. Open: an event type no spec names is an
 * `UnknownMember<'Event'>` (docs/codecs.md).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Event)(transaction.events[0]); // Either<DecodeError, Event>
 * const contractIdOf = (e: codecs.ledger.Event) =>
 *   'CreatedEvent' in e ? e.CreatedEvent.contractId : 'ArchivedEvent' in e ? e.ArchivedEvent.contractId : 'ExercisedEvent' in e ? e.ExercisedEvent.contractId : undefined;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const Event = wrapperUnion('Event', {
  CreatedEvent,
  ArchivedEvent,
  ExercisedEvent,
}, { group: 'ledger' });
export type Event = t.TypeOf<typeof Event>;
