import * as t from 'io-ts';

/**
 * The payload-less variant `{}` of Canton's wrapper unions (`IdentifierFilter`, `TopologyEventEvent`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Empty)({}); // Right({})
 * decodeWith(codecs.ledger.TopologyEventEvent)({ Empty: {} }); // Right({ Empty: {} })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const Empty = t.type({}, 'Empty');
export type Empty = t.TypeOf<typeof Empty>;
