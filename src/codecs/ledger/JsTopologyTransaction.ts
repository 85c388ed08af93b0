import * as t from 'io-ts';
import { Timestamp, int64, optional, valueOf, wrapperUnion, isInt64, isTimestamp, withFastGuard, isJsonObject } from '../common/primitives.js';
import { acceptsUnknown } from '../common/openMembers.js';
import { Empty } from './Empty.js';
import { TraceContext } from './TraceContext.js';

const KNOWN_PERMISSIONS = ['PARTICIPANT_PERMISSION_UNSPECIFIED', 'PARTICIPANT_PERMISSION_SUBMISSION', 'PARTICIPANT_PERMISSION_CONFIRMATION', 'PARTICIPANT_PERMISSION_OBSERVATION'] as const;

// Any non-empty name; decoding strictly, a known one.
function isParticipantPermission(u: unknown): u is ParticipantPermission {
  return typeof u === 'string' && u.length > 0 && (acceptsUnknown() || (KNOWN_PERMISSIONS as ReadonlyArray<string>).includes(u));
}

/**
 * What a participant may do on behalf of a party: one of the upstream enum names. A name this
 * version does not know (a newer server) is accepted as the string it is, so one new enum value
 * cannot stop a whole ledger stream; compare against the known names.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ParticipantPermission)('PARTICIPANT_PERMISSION_SUBMISSION'); // Right('PARTICIPANT_PERMISSION_SUBMISSION')
 * decodeWith(codecs.ledger.ParticipantPermission)('PARTICIPANT_PERMISSION_FUTURE'); // Right too: a newer name is kept
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantPermission = new t.Type<ParticipantPermission, string, unknown>(
  'ParticipantPermission',
  isParticipantPermission,
  (u, c) => (isParticipantPermission(u) ? t.success(u) : t.failure(u, c, `expected ${acceptsUnknown() ? 'an enum name such as' : 'one of'} ${KNOWN_PERMISSIONS.join(', ')}`)),
  t.identity,
);
// `string & {}` keeps the known names in editor completion while allowing newer ones.
export type ParticipantPermission = (typeof KNOWN_PERMISSIONS)[number] | (string & {});

const authorization = (name: string) =>
  t.type(
    {
      partyId: t.string,
      participantId: t.string,
      participantPermission: ParticipantPermission,
    },
    name,
  );

/**
 * A participant was authorized to host a party (the payload of `ParticipantAuthorizationAdded`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ParticipantAuthorizationAdded1)(event.ParticipantAuthorizationAdded.value);
 * // Right({ partyId: 'alice::1220…', participantId: 'PAR::participant1::1220…', participantPermission: 'PARTICIPANT_PERMISSION_SUBMISSION' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantAuthorizationAdded1 = authorization('ParticipantAuthorizationAdded1');
export type ParticipantAuthorizationAdded1 = t.TypeOf<typeof ParticipantAuthorizationAdded1>;

/**
 * The permission of a participant hosting a party changed (the payload of `ParticipantAuthorizationChanged`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ParticipantAuthorizationChanged1)(event.ParticipantAuthorizationChanged.value);
 * // Right({ partyId: 'alice::1220…', participantId: 'PAR::participant1::1220…', participantPermission: 'PARTICIPANT_PERMISSION_OBSERVATION' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantAuthorizationChanged1 = authorization('ParticipantAuthorizationChanged1');
export type ParticipantAuthorizationChanged1 = t.TypeOf<typeof ParticipantAuthorizationChanged1>;

/**
 * A participant started onboarding a party (the payload of `ParticipantAuthorizationOnboarding`, Canton 3.5+).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ParticipantAuthorizationOnboarding1)(event.ParticipantAuthorizationOnboarding.value);
 * // Right({ partyId: 'alice::1220…', participantId: 'PAR::participant2::1220…', participantPermission: 'PARTICIPANT_PERMISSION_CONFIRMATION' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantAuthorizationOnboarding1 = authorization('ParticipantAuthorizationOnboarding1');
export type ParticipantAuthorizationOnboarding1 = t.TypeOf<typeof ParticipantAuthorizationOnboarding1>;

/**
 * A participant no longer hosts a party (the payload of `ParticipantAuthorizationRevoked`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ParticipantAuthorizationRevoked1)(event.ParticipantAuthorizationRevoked.value);
 * // Right({ partyId: 'alice::1220…', participantId: 'PAR::participant1::1220…' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantAuthorizationRevoked1 = t.type(
  {
    partyId: t.string,
    participantId: t.string,
  },
  'ParticipantAuthorizationRevoked1',
);
export type ParticipantAuthorizationRevoked1 = t.TypeOf<typeof ParticipantAuthorizationRevoked1>;

/**
 * The change a topology event reports, each variant but `Empty` with a `value` level.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.TopologyEventEvent)({ ParticipantAuthorizationRevoked: { value: { partyId: 'alice::1220ab', participantId: 'PAR::p1::1220cd' } } });
 * // Right: the same object
 * decodeWith(codecs.ledger.TopologyEventEvent)({ PartyToKeyMapping: { value: {} } }); // Right: an UnknownMember<'TopologyEventEvent'> (Left when strict)
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TopologyEventEvent = wrapperUnion('TopologyEventEvent', {
  Empty,
  ParticipantAuthorizationAdded: valueOf(ParticipantAuthorizationAdded1, 'ParticipantAuthorizationAdded'),
  ParticipantAuthorizationChanged: valueOf(ParticipantAuthorizationChanged1, 'ParticipantAuthorizationChanged'),
  ParticipantAuthorizationOnboarding: valueOf(ParticipantAuthorizationOnboarding1, 'ParticipantAuthorizationOnboarding'),
  ParticipantAuthorizationRevoked: valueOf(ParticipantAuthorizationRevoked1, 'ParticipantAuthorizationRevoked'),
}, { group: 'ledger' });
export type TopologyEventEvent = t.TypeOf<typeof TopologyEventEvent>;

/**
 * One event of a topology transaction.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.TopologyEvent)(topologyTransaction.events[0]); // Either<DecodeError, TopologyEvent>; `event` may be absent
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TopologyEvent = t.partial(
  {
    event: optional(TopologyEventEvent),
  },
  'TopologyEvent',
);
export type TopologyEvent = t.TypeOf<typeof TopologyEvent>;

// The io-ts codec; the export wraps it with its fast guard.
const JsTopologyTransactionCodec = t.intersection(
  [
    t.type({
      updateId: t.string,
      offset: int64,
      synchronizerId: t.string,
      recordTime: Timestamp,
      // Upstream promises a non-empty list; an empty one would harm no reader, so it is not refused.
      events: t.array(TopologyEvent),
    }),
    t.partial({
      traceContext: optional(TraceContext),
    }),
  ],
  'JsTopologyTransaction',
);
function isJsTopologyTransaction(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.traceContext;
  if (!(x === undefined || x === null || TraceContext.is(x))) return false;
  if (!(typeof u.updateId === 'string' && isInt64(u.offset) && typeof u.synchronizerId === 'string' && isTimestamp(u.recordTime))) return false;
  const events = u.events;
  if (!Array.isArray(events)) return false;
  for (let i = 0; i < events.length; i++) if (!TopologyEvent.is(events[i])) return false;
  return true;
}
/**
 * A change of party-to-participant mappings; `recordTime` is when the change takes effect.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsTopologyTransaction)(update.TopologyTransaction.value); // Either<DecodeError, JsTopologyTransaction>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsTopologyTransaction = withFastGuard(JsTopologyTransactionCodec, isJsTopologyTransaction);
export type JsTopologyTransaction = t.TypeOf<typeof JsTopologyTransaction>;
