import * as t from 'io-ts';
import { Timestamp, int64, optional } from '../common/primitives.js';

/**
 * How far one synchronizer's record time has got.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.SynchronizerTime)({ synchronizerId: 'global-domain::1220b1…', recordTime: '2026-01-01T00:00:02Z' }); // Right: the same object
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const SynchronizerTime = t.type(
  {
    synchronizerId: t.string,
    recordTime: Timestamp,
  },
  'SynchronizerTime',
);
export type SynchronizerTime = t.TypeOf<typeof SynchronizerTime>;

/**
 * An offset from which a reader can resume, with the synchronizer times reached at it.
 * Upstream names this payload `OffsetCheckpoint1` (title `OffsetCheckpoint`) and its
 * `{"value": ...}` wrapper `OffsetCheckpoint`; the payload is what readers handle.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // A checkpoint of the /v2/updates stream: a reader can resume after its offset
 * decodeWith(codecs.ledger.OffsetCheckpoint)(update.OffsetCheckpoint.value); // Either<DecodeError, OffsetCheckpoint>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const OffsetCheckpoint = t.intersection(
  [
    t.type({
      offset: int64,
    }),
    t.partial({
      synchronizerTimes: optional(t.array(SynchronizerTime)),
    }),
  ],
  'OffsetCheckpoint',
);
export type OffsetCheckpoint = t.TypeOf<typeof OffsetCheckpoint>;
