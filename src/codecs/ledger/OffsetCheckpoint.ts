import * as t from 'io-ts';
import { Timestamp, int64, optional, isTimestamp, withFastGuard, isJsonObject, isInt64 } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const SynchronizerTimeCodec = t.type(
  {
    synchronizerId: t.string,
    recordTime: Timestamp,
  },
  'SynchronizerTime',
);
function isSynchronizerTime(u: unknown): boolean {
  return isJsonObject(u) && typeof u.synchronizerId === 'string' && isTimestamp(u.recordTime);
}
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
export const SynchronizerTime = withFastGuard(SynchronizerTimeCodec, isSynchronizerTime);
export type SynchronizerTime = t.TypeOf<typeof SynchronizerTime>;

// The io-ts codec; the export wraps it with its fast guard.
const OffsetCheckpointCodec = t.intersection(
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
function isOffsetCheckpoint(u: unknown): boolean {
  if (!isJsonObject(u) || !isInt64(u.offset)) return false;
  const x = u.synchronizerTimes;
  if (x === undefined || x === null) return true;
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (!isSynchronizerTime(x[i])) return false;
  return true;
}
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
export const OffsetCheckpoint = withFastGuard(OffsetCheckpointCodec, isOffsetCheckpoint);
export type OffsetCheckpoint = t.TypeOf<typeof OffsetCheckpoint>;
