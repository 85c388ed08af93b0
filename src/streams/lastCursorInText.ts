import { Timestamp } from '../codecs/common/primitives.js';
import type { ScanCursor } from './scanPaging.js';

const RECORD_TIME = /^"record_time"\s*:\s*"([^"]*)"/;
const MIGRATION_ID = /^"migration_id"\s*:\s*(\d+)/;

/**
 * A guess at the cursor of the last item of a Scan history page, read from its raw text before it
 * is parsed: the last `record_time` and the last `migration_id` in the text. Cheap and unchecked:
 * a Daml value with such field names can mislead it, so whoever acts on the guess must compare it
 * with the decoded page (`scan.updates` sends its next request early only when the guessed
 * request equals the one the decoded page asks for).
 *
 * @example
 * ```ts
 * lastCursorInText('{"transactions":[{"migration_id":4,"record_time":"2025-12-10T16:23:25.100000Z"}]}');
 * // { migration_id: 4, record_time: '2025-12-10T16:23:25.100000Z' }
 * ```
 * @internal
 */
export const lastCursorInText = (text: string): ScanCursor | undefined => {
  const t = text.lastIndexOf('"record_time"');
  const m = text.lastIndexOf('"migration_id"');
  if (t < 0 || m < 0) return undefined;
  const time = RECORD_TIME.exec(text.slice(t, t + 80))?.[1];
  const migration = MIGRATION_ID.exec(text.slice(m, m + 40))?.[1];
  if (time === undefined || migration === undefined || !Timestamp.is(time)) return undefined;
  const migrationId = Number(migration);
  return Number.isSafeInteger(migrationId) ? { migration_id: migrationId, record_time: time } : undefined;
};
