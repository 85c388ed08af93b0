import * as t from 'io-ts';

/**
 * The body of `POST /v0/entry/create`: `name` ends with `.unverified.<ans>`, `url` ≤ 255 and `description` ≤ 140 characters (upstream `CreateAnsEntryRequest`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.validator.CreateAnsEntryRequest = { name: 'alice.unverified.cns', url: 'https://alice.example', description: 'Alice' };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CreateAnsEntryRequest = t.type({ name: t.string, url: t.string, description: t.string }, 'CreateAnsEntryRequest');
export type CreateAnsEntryRequest = t.TypeOf<typeof CreateAnsEntryRequest>;
