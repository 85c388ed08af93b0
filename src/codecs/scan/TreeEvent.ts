import type * as t from 'io-ts';
import { withUnknown, type UnknownMember } from '../common/openMembers.js';
import { discriminatedBy } from '../splice/internal.js';
import { CreatedEvent } from './CreatedEvent.js';
import { ExercisedEvent } from './ExercisedEvent.js';

/**
 * A node of `events_by_id`, chosen by `event_type`: `created_event` or `exercised_event` (upstream `TreeEvent`).
 * Open: another `event_type` is an {@link UnknownTreeEvent} (docs/codecs.md, "Open unions").
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
export const TreeEvent = withUnknown<UnknownTreeEvent>()(
  discriminatedBy('TreeEvent', 'event_type', { created_event: CreatedEvent, exercised_event: ExercisedEvent }, undefined, { group: 'scan' }),
);
export type TreeEvent = t.TypeOf<typeof TreeEvent>;

/**
 * A node of `events_by_id` whose `event_type` no spec names: the JSON as it came. Its
 * `event_type` is typed `never` so that comparing it with the known types leaves it out; read the
 * name with `unknownMemberOf(codecs.scan.TreeEvent, e)`.
 * @category Codecs
 * @since 0.3.0
 */
export type UnknownTreeEvent = UnknownMember<'TreeEvent'> & { readonly event_type?: never };
