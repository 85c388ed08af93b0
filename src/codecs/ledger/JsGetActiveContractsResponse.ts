import * as t from 'io-ts';
import { int64, optional, wrapperUnion } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';
import { UnassignedEvent } from './JsReassignment.js';

/**
 * A contract active at the requested offset, on `synchronizerId`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsActiveContract)(message.contractEntry.JsActiveContract); // Either<DecodeError, JsActiveContract>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsActiveContract = t.type(
  {
    createdEvent: CreatedEvent,
    synchronizerId: t.string,
    reassignmentCounter: int64,
  },
  'JsActiveContract',
);
export type JsActiveContract = t.TypeOf<typeof JsActiveContract>;

/**
 * The payload-less `JsEmpty` entry of an active-contracts stream.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsEmpty)({}); // Right({})
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsEmpty = t.type({}, 'JsEmpty');
export type JsEmpty = t.TypeOf<typeof JsEmpty>;

/**
 * The assignment of a contract to a target synchronizer, as the active-contracts stream shows an
 * incomplete one (the reassignment stream's twin is `JsAssignmentEvent`).
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

/**
 * An assignment in flight at the requested offset.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsIncompleteAssigned)(entry.JsIncompleteAssigned); // Either<DecodeError, JsIncompleteAssigned>
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

/**
 * An unassignment in flight at the requested offset, with the contract's last activation.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsIncompleteUnassigned)(entry.JsIncompleteUnassigned); // Either<DecodeError, JsIncompleteUnassigned>
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

/**
 * One entry of an active-contracts snapshot: `{"JsActiveContract": {...}}`, `{"JsEmpty": {}}`,
 * `{"JsIncompleteAssigned": {...}}` or `{"JsIncompleteUnassigned": {...}}` (no `value` level).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsContractEntry)(message.contractEntry); // Either<DecodeError, JsContractEntry>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsContractEntry = wrapperUnion('JsContractEntry', {
  JsActiveContract,
  JsEmpty,
  JsIncompleteAssigned,
  JsIncompleteUnassigned,
});
export type JsContractEntry = t.TypeOf<typeof JsContractEntry>;

/**
 * One message of the `/v2/state/active-contracts` WebSocket channel (when it is no
 * `JsCantonError`), and one element of the HTTP `POST /v2/state/active-contracts` list.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsGetActiveContractsResponse)(JSON.parse(message)); // Either<DecodeError, JsGetActiveContractsResponse>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsGetActiveContractsResponse = t.partial(
  {
    workflowId: optional(t.string),
    contractEntry: optional(JsContractEntry),
    streamContinuationToken: optional(t.string),
  },
  'JsGetActiveContractsResponse',
);
export type JsGetActiveContractsResponse = t.TypeOf<typeof JsGetActiveContractsResponse>;
