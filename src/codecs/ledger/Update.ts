import * as t from 'io-ts';
import { carriesValueOffset, valueOf, wrapperUnion, withFastGuard, isJsonObject } from '../common/primitives.js';
import { JsReassignment } from './JsReassignment.js';
import { JsTopologyTransaction } from './JsTopologyTransaction.js';
import { JsTransaction } from './JsTransaction.js';
import { OffsetCheckpoint } from './OffsetCheckpoint.js';

/**
 * One ledger update: `{"Transaction": {"value": ...}}`, `Reassignment`, `TopologyTransaction` or
 * `OffsetCheckpoint` (the last never appears in get-updates-page pages). Open (docs/codecs.md):
 * a kind no spec names, `{"FutureKind": {"value": {"offset": 42, ...}}}`, is an
 * `UnknownMember<'Update'>`, the JSON as it came; it must carry `value.offset`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Update)(element.update); // Either<DecodeError, Update>
 * const offsetOf = (u: codecs.ledger.Update) =>
 *   'Transaction' in u ? u.Transaction.value.offset
 *   : 'Reassignment' in u ? u.Reassignment.value.offset
 *   : 'TopologyTransaction' in u ? u.TopologyTransaction.value.offset
 *   : 'OffsetCheckpoint' in u ? u.OffsetCheckpoint.value.offset
 *   : undefined; // an unknown kind: unknownMemberOf(codecs.ledger.Update, u)
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const Update = wrapperUnion('Update', {
  Transaction: valueOf(JsTransaction, 'Transaction'),
  Reassignment: valueOf(JsReassignment, 'Reassignment'),
  TopologyTransaction: valueOf(JsTopologyTransaction, 'TopologyTransaction'),
  OffsetCheckpoint: valueOf(OffsetCheckpoint, 'OffsetCheckpoint'),
}, { group: 'ledger', carries: carriesValueOffset });
export type Update = t.TypeOf<typeof Update>;

// The io-ts codec; the export wraps it with its fast guard.
const JsGetUpdateResponseCodec = t.type(
  {
    // The spec lists no required field here, yet an element without `update` would carry nothing
    // at all: requiring it gives readers a non-optional type and flags a broken body.
    update: Update,
  },
  'JsGetUpdateResponse',
);
// One guard for the two names upstream gives this shape.
function isJsGetUpdateResponse(u: unknown): boolean {
  return isJsonObject(u) && Update.is(u.update);
}
/**
 * One update as the update endpoints send it (an element of a page, of `/v2/updates` or of the
 * WebSocket stream, or the answer of update-by-id).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /v2/updates/update-by-id
 * decodeWith(codecs.ledger.JsGetUpdateResponse)(await res.json()); // Either<DecodeError, JsGetUpdateResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsGetUpdateResponse = withFastGuard(JsGetUpdateResponseCodec, isJsGetUpdateResponse);
export type JsGetUpdateResponse = t.TypeOf<typeof JsGetUpdateResponse>;

// The io-ts codec; the export wraps it with its fast guard.
const JsGetUpdatesResponseCodec = t.type(
  {
    // Required for the reason given at JsGetUpdateResponse.
    update: Update,
  },
  'JsGetUpdatesResponse',
);
/**
 * One element of the ledger's update stream, `/v2/updates` (over HTTP as a list, or over
 * WebSocket): the upstream schema `JsGetUpdatesResponse`. The same shape as
 * {@link JsGetUpdateResponse} (upstream gives the two names to one shape), kept under its own name
 * so that code reading that stream says what it reads. Unlike a get-updates-page page, the stream
 * also carries `OffsetCheckpoint`s.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // each message of the /v2/updates WebSocket stream
 * decodeWith(codecs.ledger.JsGetUpdatesResponse)(JSON.parse(message)); // Either<DecodeError, JsGetUpdatesResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsGetUpdatesResponse = withFastGuard(JsGetUpdatesResponseCodec, isJsGetUpdateResponse);
export type JsGetUpdatesResponse = t.TypeOf<typeof JsGetUpdatesResponse>;
