import * as t from 'io-ts';

/**
 * The subscription request the user must accept in their wallet to get the ANS entry (upstream `CreateAnsEntryResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/validator/v0/entry/create
 * decodeWith(codecs.validator.CreateAnsEntryResponse)(await res.json()); // Either<DecodeError, CreateAnsEntryResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CreateAnsEntryResponse = t.type(
  { entryContextCid: t.string, subscriptionRequestCid: t.string, name: t.string, url: t.string, description: t.string },
  'CreateAnsEntryResponse',
);
export type CreateAnsEntryResponse = t.TypeOf<typeof CreateAnsEntryResponse>;
