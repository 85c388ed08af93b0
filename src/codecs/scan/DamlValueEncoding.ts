import * as t from 'io-ts';

/**
 * How Scan encodes Daml values in a response: `compact_json` (the default) or `protobuf_json` (upstream `DamlValueEncoding`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * codecs.scan.DamlValueEncoding.is('protobuf_json'); // true
 * codecs.scan.DamlValueEncoding.is('verbose'); // false
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const DamlValueEncoding = t.keyof({ compact_json: null, protobuf_json: null }, 'DamlValueEncoding');
export type DamlValueEncoding = t.TypeOf<typeof DamlValueEncoding>;
