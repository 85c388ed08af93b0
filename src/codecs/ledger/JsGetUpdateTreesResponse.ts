import * as t from 'io-ts';
import { Timestamp, carriesValueOffset, int64, optional, valueOf, wrapperUnion } from '../common/primitives.js';
import { CreatedEvent, ExercisedEvent } from './Event.js';
import { JsReassignment } from './JsReassignment.js';
import { OffsetCheckpoint } from './OffsetCheckpoint.js';
import { TraceContext } from './TraceContext.js';

/**
 * One node of a transaction tree: `{"CreatedTreeEvent": {"value": CreatedEvent}}` or
 * `{"ExercisedTreeEvent": {"value": ExercisedEvent}}` (deprecated with the trees channel). Open:
 * another node is an `UnknownMember<'TreeEvent'>`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.TreeEvent)(tree.eventsById['0']); // Either<DecodeError, TreeEvent>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const TreeEvent = wrapperUnion('TreeEvent', {
  CreatedTreeEvent: valueOf(CreatedEvent, 'CreatedTreeEvent'),
  ExercisedTreeEvent: valueOf(ExercisedEvent, 'ExercisedTreeEvent'),
}, { group: 'ledger' });
export type TreeEvent = t.TypeOf<typeof TreeEvent>;

/**
 * A transaction as a tree of events keyed by node id (deprecated with the trees channel: read
 * `JsTransaction` in the LEDGER_EFFECTS shape instead).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsTransactionTree)(update.TransactionTree.value); // Either<DecodeError, JsTransactionTree>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsTransactionTree = t.intersection(
  [
    t.type({
      updateId: t.string,
      effectiveAt: Timestamp,
      offset: int64,
      eventsById: t.record(t.string, TreeEvent),
      synchronizerId: t.string,
      recordTime: Timestamp,
    }),
    t.partial({
      commandId: optional(t.string),
      workflowId: optional(t.string),
      traceContext: optional(TraceContext),
    }),
  ],
  'JsTransactionTree',
);
export type JsTransactionTree = t.TypeOf<typeof JsTransactionTree>;

/**
 * One update of the deprecated trees channel (upstream `Update1`, titled `Update`):
 * `{"TransactionTree": {"value": ...}}`, `Reassignment` or `OffsetCheckpoint`. Open like `Update`:
 * another kind must carry `value.offset`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Update1)(message.update); // Either<DecodeError, Update1>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const Update1 = wrapperUnion('Update1', {
  OffsetCheckpoint: valueOf(OffsetCheckpoint, 'OffsetCheckpoint'),
  Reassignment: valueOf(JsReassignment, 'Reassignment'),
  TransactionTree: valueOf(JsTransactionTree, 'TransactionTree'),
}, { group: 'ledger', carries: carriesValueOffset });
export type Update1 = t.TypeOf<typeof Update1>;

/**
 * One message of the deprecated `/v2/updates/trees` WebSocket channel (when it is no `JsCantonError`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsGetUpdateTreesResponse)(JSON.parse(message)); // Either<DecodeError, JsGetUpdateTreesResponse>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsGetUpdateTreesResponse = t.type(
  {
    // Required for the reason given at JsGetUpdateResponse.
    update: Update1,
  },
  'JsGetUpdateTreesResponse',
);
export type JsGetUpdateTreesResponse = t.TypeOf<typeof JsGetUpdateTreesResponse>;
