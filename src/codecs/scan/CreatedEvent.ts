import * as t from 'io-ts';
import { DamlRecord, isJsonObject, isStringArray, Timestamp, withFastGuard } from '../common/primitives.js';

// The io-ts codec; the export wraps it with a fast guard for the update-history hot path.
const CreatedEventCodec = t.type(
  {
    event_type: t.literal('created_event'),
    /** `<update_id>:<node>`; `#`-prefixed on the older `/v0` endpoints. Equals its key in `events_by_id`. */
    event_id: t.string,
    contract_id: t.string,
    template_id: t.string,
    package_name: t.string,
    create_arguments: DamlRecord,
    created_at: Timestamp,
    signatories: t.array(t.string),
    observers: t.array(t.string),
  },
  'CreatedEvent',
);

/**
 * The creation of a contract in Scan's update history and older ACS pages (upstream `CreatedEvent`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.CreatedEvent)(tx.events_by_id[id]); // Either<DecodeError, CreatedEvent>
 * // Right({ event_type: 'created_event', event_id: '1220…:1', contract_id: '00…', create_arguments: { … }, … })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CreatedEvent = withFastGuard(CreatedEventCodec, (u) => {
  if (!isJsonObject(u)) return false;
  return (
    u.event_type === 'created_event' &&
    typeof u.event_id === 'string' &&
    typeof u.contract_id === 'string' &&
    typeof u.template_id === 'string' &&
    typeof u.package_name === 'string' &&
    isJsonObject(u.create_arguments) &&
    Timestamp.is(u.created_at) &&
    isStringArray(u.signatories) &&
    isStringArray(u.observers)
  );
});
export type CreatedEvent = t.TypeOf<typeof CreatedEvent>;
