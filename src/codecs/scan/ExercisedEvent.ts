import * as t from 'io-ts';
import { optional } from '../common/primitives.js';
import { DamlRecord } from '../common/primitives.js';
import { RequiredDamlValue } from '../splice/internal.js';

/**
 * The exercise of a choice in Scan's update history; an archive is a `consuming` one (upstream `ExercisedEvent`).
 * @category Codecs
 * @since 0.1.0
 */
export const ExercisedEvent = t.intersection(
  [
    t.type({
      event_type: t.literal('exercised_event'),
      event_id: t.string,
      contract_id: t.string,
      template_id: t.string,
      package_name: t.string,
      choice: t.string,
      choice_argument: DamlRecord,
      /** The immediate children, in execution order. */
      child_event_ids: t.array(t.string),
      /** Any Daml value: the spec says object, MainNet also sends strings (a contract id) and more. */
      exercise_result: RequiredDamlValue,
      consuming: t.boolean,
      acting_parties: t.array(t.string),
    }),
    t.partial({ interface_id: optional(t.string) }),
  ],
  'ExercisedEvent',
);
export type ExercisedEvent = t.TypeOf<typeof ExercisedEvent>;
