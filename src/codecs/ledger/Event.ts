import * as t from 'io-ts';
import { DamlValue, Timestamp, int32, int64, optional, wrapperUnion } from '../common/primitives.js';
import { JsInterfaceView } from './JsInterfaceView.js';

/**
 * The creation of a contract, as seen by the requesting parties.
 * @category Codecs
 * @since 0.1.0
 */
export const CreatedEvent = t.intersection(
  [
    t.type({
      offset: int64,
      nodeId: int32,
      contractId: t.string,
      templateId: t.string,
      // Null (not absent) when an interface-only filter left the payload out: Canton 3.3 ACS captures.
      createArgument: DamlValue,
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
      // Required upstream since 3.4/3.5; the Canton 3.3 captures (events-by-contract-id, active
      // contracts, update-by-id, updates-flat-transactions) have neither field.
      representativePackageId: optional(t.string),
      acsDelta: optional(t.boolean),
    }),
  ],
  'CreatedEvent',
);
export type CreatedEvent = t.TypeOf<typeof CreatedEvent>;

/**
 * The archival of a contract (ACS_DELTA shape only; LEDGER_EFFECTS shows a consuming exercise).
 * @category Codecs
 * @since 0.1.0
 */
export const ArchivedEvent = t.intersection(
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
export type ArchivedEvent = t.TypeOf<typeof ArchivedEvent>;

/**
 * The exercise of a choice (LEDGER_EFFECTS shape); its children are the nodes `nodeId + 1` to
 * `lastDescendantNodeId`.
 * @category Codecs
 * @since 0.1.0
 */
export const ExercisedEvent = t.intersection(
  [
    t.type({
      offset: int64,
      nodeId: int32,
      contractId: t.string,
      templateId: t.string,
      choice: t.string,
      choiceArgument: DamlValue,
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
export type ExercisedEvent = t.TypeOf<typeof ExercisedEvent>;

/**
 * One event of a `JsTransaction`: `{"CreatedEvent": ...}`, `{"ArchivedEvent": ...}` or
 * `{"ExercisedEvent": ...}`, with no `value` level.
 * @category Codecs
 * @since 0.1.0
 */
export const Event = wrapperUnion('Event', {
  CreatedEvent,
  ArchivedEvent,
  ExercisedEvent,
});
export type Event = t.TypeOf<typeof Event>;
