import * as t from 'io-ts';
import { int32, optional } from '../common/primitives.js';
import { DamlValueEncoding } from './DamlValueEncoding.js';
import { UpdateHistoryRequestAfter } from './UpdateHistoryRequestAfter.js';

// The encoding field: upstream scan.yaml names it `daml_value_encoding`, and that is the one to
// send. The API summary calls it `contract_value_encoding`; the server does not know that name and
// ignores it (circe skips unknown fields), so such a request gets the default `compact_json`. The
// codec accepts both names, each as sent (nothing is renamed), so that bodies written after the
// summary still decode; request builders must write `daml_value_encoding`.

/**
 * The body of `POST /v1/updates` (upstream `UpdateHistoryRequestV1`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.UpdateHistoryRequestV1 = { page_size: 100, daml_value_encoding: 'compact_json' };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryRequestV1 = t.intersection(
  [
    t.type({ page_size: int32 }),
    t.partial({
      after: optional(UpdateHistoryRequestAfter),
      daml_value_encoding: optional(DamlValueEncoding),
      /** The API summary's name for `daml_value_encoding`, accepted when decoding; the server does not read it. */
      contract_value_encoding: optional(DamlValueEncoding),
    }),
  ],
  'UpdateHistoryRequestV1',
);
export type UpdateHistoryRequestV1 = t.TypeOf<typeof UpdateHistoryRequestV1>;
