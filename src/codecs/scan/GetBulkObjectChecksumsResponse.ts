import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

/**
 * The checksums of bulk storage objects, in the order of the requested keys; no `value` means no such object (upstream `GetBulkObjectChecksumsResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/history/bulk/checksums
 * decodeWith(codecs.scan.GetBulkObjectChecksumsResponse)(await res.json()); // Right({ checksums: [{ value: 'c0ffee' }, { value: null }] })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetBulkObjectChecksumsResponse = t.type(
  { checksums: t.array(t.partial({ value: optional(t.string) }, '{ value?: string | null }')) },
  'GetBulkObjectChecksumsResponse',
);
export type GetBulkObjectChecksumsResponse = t.TypeOf<typeof GetBulkObjectChecksumsResponse>;
