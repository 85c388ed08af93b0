import * as t from 'io-ts';
import { DamlRecord, isJsonObject, isStringArray, optional, RequiredDamlValue, withFastGuard } from '../common/primitives.js';

// The io-ts codec; the export wraps it with a fast guard for the update-history hot path.
const ExercisedEventCodec = t.intersection(
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

/**
 * The exercise of a choice in Scan's update history; an archive is a `consuming` one (upstream `ExercisedEvent`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.ExercisedEvent)(tx.events_by_id[id]); // Either<DecodeError, ExercisedEvent>
 * // Right({ event_type: 'exercised_event', choice: 'AmuletRules_Transfer', consuming: false, child_event_ids: [ … ], … })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ExercisedEvent = withFastGuard(ExercisedEventCodec, (u) => {
  if (!isJsonObject(u)) return false;
  const iface = u.interface_id;
  return (
    u.event_type === 'exercised_event' &&
    typeof u.event_id === 'string' &&
    typeof u.contract_id === 'string' &&
    typeof u.template_id === 'string' &&
    typeof u.package_name === 'string' &&
    typeof u.choice === 'string' &&
    isJsonObject(u.choice_argument) &&
    isStringArray(u.child_event_ids) &&
    u.exercise_result !== undefined &&
    typeof u.consuming === 'boolean' &&
    isStringArray(u.acting_parties) &&
    (iface === undefined || iface === null || typeof iface === 'string')
  );
});
export type ExercisedEvent = t.TypeOf<typeof ExercisedEvent>;
