import * as t from 'io-ts';

/**
 * The body of `POST /v0/history/bulk/checksums` (upstream `GetBulkObjectChecksumsRequest`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.GetBulkObjectChecksumsRequest = { object_keys: keys };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetBulkObjectChecksumsRequest = t.type({ object_keys: t.array(t.string) }, 'GetBulkObjectChecksumsRequest');
export type GetBulkObjectChecksumsRequest = t.TypeOf<typeof GetBulkObjectChecksumsRequest>;
