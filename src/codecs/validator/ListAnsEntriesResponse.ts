import * as t from 'io-ts';

/**
 * One ANS entry of the user (upstream `AnsEntryResponse`): amounts and durations as the strings
 * the validator prints.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.validator.AnsEntryResponse)(body.entries[0]); // Either<DecodeError, AnsEntryResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const AnsEntryResponse = t.type(
  { contractId: t.string, name: t.string, amount: t.string, unit: t.string, expiresAt: t.string, paymentInterval: t.string, paymentDuration: t.string },
  'AnsEntryResponse',
);
export type AnsEntryResponse = t.TypeOf<typeof AnsEntryResponse>;

/**
 * The answer of `GET /v0/entry/all`: the ANS entries of the user (upstream `ListAnsEntriesResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/validator/v0/entry/all
 * decodeWith(codecs.validator.ListAnsEntriesResponse)(await res.json()); // Either<DecodeError, ListAnsEntriesResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ListAnsEntriesResponse = t.type({ entries: t.array(AnsEntryResponse) }, 'ListAnsEntriesResponse');
export type ListAnsEntriesResponse = t.TypeOf<typeof ListAnsEntriesResponse>;
