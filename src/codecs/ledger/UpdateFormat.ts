import * as t from 'io-ts';
import { optional, valueOf, wrapperUnion } from '../common/primitives.js';
import { Empty } from './Empty.js';

/**
 * Selects the contracts of one template (`"pkgId:Mod:Ent"` or `"#pkg-name:Mod:Ent"`); the payload
 * of the `TemplateFilter` variant.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const amulets: codecs.ledger.TemplateFilter1 = { templateId: '#splice-amulet:Splice.Amulet:Amulet', includeCreatedEventBlob: true };
 * const filter: codecs.ledger.IdentifierFilter = { TemplateFilter: { value: amulets } };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TemplateFilter1 = t.intersection(
  [
    t.type({
      templateId: t.string,
    }),
    t.partial({
      includeCreatedEventBlob: optional(t.boolean),
    }),
  ],
  'TemplateFilter1',
);
export type TemplateFilter1 = t.TypeOf<typeof TemplateFilter1>;

/**
 * Selects the contracts implementing one interface; the payload of the `InterfaceFilter` variant.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const holdings: codecs.ledger.InterfaceFilter1 = { interfaceId: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding', includeInterfaceView: true };
 * const filter: codecs.ledger.IdentifierFilter = { InterfaceFilter: { value: holdings } };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const InterfaceFilter1 = t.intersection(
  [
    t.type({
      interfaceId: t.string,
    }),
    t.partial({
      includeInterfaceView: optional(t.boolean),
      includeCreatedEventBlob: optional(t.boolean),
    }),
  ],
  'InterfaceFilter1',
);
export type InterfaceFilter1 = t.TypeOf<typeof InterfaceFilter1>;

/**
 * Selects all contracts; the payload of the `WildcardFilter` variant.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const everything: codecs.ledger.WildcardFilter1 = { includeCreatedEventBlob: false };
 * const filter: codecs.ledger.IdentifierFilter = { WildcardFilter: { value: everything } };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const WildcardFilter1 = t.partial(
  {
    includeCreatedEventBlob: optional(t.boolean),
  },
  'WildcardFilter1',
);
export type WildcardFilter1 = t.TypeOf<typeof WildcardFilter1>;

/**
 * One filter: `{"Empty": {}}`, or `TemplateFilter`, `InterfaceFilter` or `WildcardFilter`, each
 * with a `value` level.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.IdentifierFilter)({ WildcardFilter: { value: { includeCreatedEventBlob: true } } }); // Right: the same object
 * decodeWith(codecs.ledger.IdentifierFilter)({ TemplateFilter: { templateId: 'pkg:Mod:T' } }); // Left: nothing at TemplateFilter.value
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const IdentifierFilter = wrapperUnion('IdentifierFilter', {
  Empty,
  TemplateFilter: valueOf(TemplateFilter1, 'TemplateFilter'),
  InterfaceFilter: valueOf(InterfaceFilter1, 'InterfaceFilter'),
  WildcardFilter: valueOf(WildcardFilter1, 'WildcardFilter'),
});
export type IdentifierFilter = t.TypeOf<typeof IdentifierFilter>;

/**
 * One entry of `Filters.cumulative`; each entry widens what is selected.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const cumulative: codecs.ledger.CumulativeFilter[] = [
 *   { identifierFilter: { TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet' } } } },
 *   { identifierFilter: { TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:LockedAmulet' } } } },
 * ];
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CumulativeFilter = t.partial(
  {
    identifierFilter: optional(IdentifierFilter),
  },
  'CumulativeFilter',
);
export type CumulativeFilter = t.TypeOf<typeof CumulativeFilter>;

/**
 * The filters of one party (or of any party); no entry means one wildcard without blobs.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const filters: codecs.ledger.Filters = { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }] };
 * codecs.ledger.Filters.is({}); // true: no entry means one wildcard without blobs
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const Filters = t.partial(
  {
    cumulative: optional(t.array(CumulativeFilter)),
  },
  'Filters',
);
export type Filters = t.TypeOf<typeof Filters>;

/**
 * Which events to return, for which parties, and whether Daml values carry record labels.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const aliceOnly: codecs.ledger.EventFormat = { filtersByParty: { 'alice::1220ab': {} }, verbose: false };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const EventFormat = t.partial(
  {
    filtersByParty: optional(t.record(t.string, Filters)),
    filtersForAnyParty: optional(Filters),
    verbose: optional(t.boolean),
  },
  'EventFormat',
);
export type EventFormat = t.TypeOf<typeof EventFormat>;

/**
 * The shape of returned transactions: created and archived events (ACS_DELTA) or created and
 * exercised events (LEDGER_EFFECTS). The server refuses UNSPECIFIED.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.ledger.TransactionShape.is('TRANSACTION_SHAPE_LEDGER_EFFECTS'); // true
 * codecs.ledger.TransactionShape.is('FLAT'); // false
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TransactionShape = t.keyof(
  {
    TRANSACTION_SHAPE_UNSPECIFIED: null,
    TRANSACTION_SHAPE_ACS_DELTA: null,
    TRANSACTION_SHAPE_LEDGER_EFFECTS: null,
  },
  'TransactionShape',
);
export type TransactionShape = t.TypeOf<typeof TransactionShape>;

/**
 * Which transactions to return and in which shape.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const transactions: codecs.ledger.TransactionFormat = {
 *   transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
 *   eventFormat: { filtersByParty: { 'alice::1220ab': {} } },
 * };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TransactionFormat = t.type(
  {
    eventFormat: EventFormat,
    transactionShape: TransactionShape,
  },
  'TransactionFormat',
);
export type TransactionFormat = t.TypeOf<typeof TransactionFormat>;

/**
 * The parties whose participant authorization changes to return; an empty list means all parties.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const allParties: codecs.ledger.ParticipantAuthorizationTopologyFormat = { parties: [] };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ParticipantAuthorizationTopologyFormat = t.partial(
  {
    parties: optional(t.array(t.string)),
  },
  'ParticipantAuthorizationTopologyFormat',
);
export type ParticipantAuthorizationTopologyFormat = t.TypeOf<typeof ParticipantAuthorizationTopologyFormat>;

/**
 * Which topology events to return.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const topology: codecs.ledger.TopologyFormat = { includeParticipantAuthorizationEvents: { parties: ['alice::1220ab'] } };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const TopologyFormat = t.partial(
  {
    includeParticipantAuthorizationEvents: optional(ParticipantAuthorizationTopologyFormat),
  },
  'TopologyFormat',
);
export type TopologyFormat = t.TypeOf<typeof TopologyFormat>;

/**
 * Which kinds of update to return; a kind left unset is not returned at all.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * // Check a format read from a configuration file before sending it
 * const format: unknown = JSON.parse(await readFile('update-format.json', 'utf8'));
 * if (!codecs.ledger.UpdateFormat.is(format)) throw new Error('update-format.json holds no UpdateFormat');
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateFormat = t.partial(
  {
    includeTransactions: optional(TransactionFormat),
    // Reassignments always come in the ACS_DELTA shape, hence an EventFormat and no shape.
    includeReassignments: optional(EventFormat),
    includeTopologyEvents: optional(TopologyFormat),
  },
  'UpdateFormat',
);
export type UpdateFormat = t.TypeOf<typeof UpdateFormat>;
