import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';
import { CreatedEvent } from './Event.js';

/**
 * A contract active on `synchronizerId` at the snapshot's offset, as its last activation (its
 * creation or its latest assignment there) showed it: `createdEvent.offset` may point into
 * pruned history.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsActiveContract)(element.contractEntry.JsActiveContract); // Either<DecodeError, JsActiveContract>
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
