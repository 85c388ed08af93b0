import assert from 'node:assert/strict';
import { lastValueFrom, of, toArray } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../../src/errors/CantonError.js';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2.js';
import { probeMigrationEnd } from '../../src/backfill/probeMigrationEnd.js';
import { fromMicros, toMicros } from '../../src/backfill/micros.js';
import type { ScanCursor } from '../../src/paging/byScanCursor.js';

const T0 = toMicros('2025-01-01T00:00:00Z');
/** Migration 0: an item every second for `n` seconds; migration 1 starts over at T0. */
const history = (n: number) => [
  ...Array.from({ length: n }, (_, i) => ({ m: 0, at: T0 + BigInt(i) * 1_000_000n })),
  ...Array.from({ length: 5 }, (_, i) => ({ m: 1, at: T0 + BigInt(i) * 1_000_000n })),
];
const item = (x: { m: number; at: bigint }) => ({ update_id: `u${x.m}-${x.at}`, migration_id: x.m, record_time: fromMicros(x.at) }) as unknown as UpdateHistoryItemV2;

const probe = async (n: number, limit: string, precision: bigint) => {
  const items = history(n);
  const asked: ScanCursor[] = [];
  const itemAfter = (c: ScanCursor) => {
    asked.push(c);
    const t = toMicros(c.record_time);
    const x = items.find((i) => i.m > c.migration_id || (i.m === c.migration_id && i.at > t));
    return of(E.right(x === undefined ? undefined : item(x)) as E.Either<CantonError, UpdateHistoryItemV2 | undefined>);
  };
  const steps = await lastValueFrom(probeMigrationEnd(itemAfter, 0, '2025-01-01T00:00:00Z', limit, 8, precision).pipe(toArray()));
  return { steps, asked };
};

describe('probeMigrationEnd', () => {
  it('finds the end within the precision, in a few rounds, with the first item after it, and reports progress on the way', async () => {
    for (const n of [1, 2, 50, 5000]) {
      const { steps, asked } = await probe(n, '2026-01-01T00:00:00Z', 3_000_000n);
      const last = steps.at(-1)!;
      assert.ok(E.isRight(last) && 'end' in last.right && last.right.end !== undefined, `n ${n}`);
      const end = toMicros(last.right.end!);
      const max = T0 + BigInt(n - 1) * 1_000_000n;
      assert.ok(end >= max && end - max <= 3_000_000n, `n ${n}: end ${last.right.end}`);
      assert.equal((last.right.next as unknown as { migration_id: number }).migration_id, 1);
      // Progress: each upTo holds an item of the migration, and they grow.
      const ups = steps.slice(0, -1).map((s) => (E.isRight(s) && 'upTo' in s.right ? toMicros(s.right.upTo) : assert.fail('not upTo')));
      assert.ok(ups.every((u, i) => u <= max && (i === 0 || u > ups[i - 1]!)));
      assert.ok(asked.length <= 8 * 12, `n ${n}: ${asked.length} probes`);
    }
  });

  it('says the migration goes on when it has items after the limit', async () => {
    const { steps } = await probe(100, '2025-01-01T00:00:10Z', 1_000_000n);
    assert.deepEqual(steps.at(-1), E.right({ end: undefined, next: undefined }));
  });

  it('hands a failed probe on as its Left', async () => {
    const boom: CantonError = { _tag: 'InvalidRequest', message: 'boom', issues: [] };
    const steps = await lastValueFrom(probeMigrationEnd(() => of(E.left(boom)), 0, '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 4, 1000n).pipe(toArray()));
    assert.deepEqual(steps, [E.left(boom)]);
  });
});
