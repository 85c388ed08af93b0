import type * as t from 'io-ts';
import { discriminatedBy } from '../splice/internal.js';
import { CreatedEvent } from './CreatedEvent.js';
import { ExercisedEvent } from './ExercisedEvent.js';

/**
 * A node of `events_by_id`, chosen by `event_type`: `created_event` or `exercised_event` (upstream `TreeEvent`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.TreeEvent)(tx.events_by_id[id]); // Either<DecodeError, TreeEvent>
 * // There is no archived event: an archive is a consuming exercise
 * const archives = (e: codecs.scan.TreeEvent) => e.event_type === 'exercised_event' && e.consuming;
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TreeEvent = discriminatedBy('TreeEvent', 'event_type', { created_event: CreatedEvent, exercised_event: ExercisedEvent });
export type TreeEvent = t.TypeOf<typeof TreeEvent>;
