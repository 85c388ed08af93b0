import * as t from 'io-ts';
import { Timestamp, int64, optional } from '../common/primitives.js';

/**
 * How far one synchronizer's record time has got.
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
