import assert from 'node:assert/strict';
import { migrationStart, sliceMigration, tailSlice } from '../../src/backfill/planBackfill.js';
import { toMicros } from '../../src/backfill/micros.js';
import { initialScanRead } from '../../src/paging/byScanCursor.js';

const ranges = [
  { migration_id: 0, min: '2025-01-01T00:00:00.000000Z', max: '2025-01-01T00:00:06.000000Z' },
  { migration_id: 1, min: '2025-01-01T00:00:03.000000Z', max: '2025-01-01T00:00:05.000000Z' },
];

describe('sliceMigration and tailSlice', () => {
  const whole = (m: (typeof ranges)[number]) => migrationStart(m);

  it('cut a migration at equal record times, contiguous, ending at its last record time', () => {
    const plan = sliceMigration(ranges[0]!, whole(ranges[0]!), 6, undefined);
    assert.equal(plan.length, 6);
    assert.ok(plan.every((s) => s.start.cursor?.migration_id === 0 && s.end?.migration_id === 0));
    assert.equal(plan[0]!.start.cursor?.record_time, '2024-12-31T23:59:59.999999Z');
    for (let i = 0; i + 1 < plan.length; i++) assert.deepEqual(plan[i + 1]!.start.cursor, plan[i]!.end);
    // A sixth of the span from the microsecond before the first record time.
    assert.deepEqual(plan[1]!.start.cursor, { migration_id: 0, record_time: '2025-01-01T00:00:00.999999Z' });
    assert.deepEqual(plan[5]!.end, { migration_id: 0, record_time: '2025-01-01T00:00:06.000000Z' });
  });

  it('with a grid, cut on multiples of it from the start, never twice at one place', () => {
    const start = whole(ranges[0]!);
    const grid = 700_000n;
    const plan = sliceMigration(ranges[0]!, start, 4, undefined, grid);
    for (const s of plan.slice(0, -1)) assert.equal((toMicros(s.end!.record_time) - start.at) % grid, 0n);
    assert.deepEqual(plan.at(-1)!.end, { migration_id: 0, record_time: '2025-01-01T00:00:06.000000Z' });
    // A grid wider than the slices: the cuts that would fall together are made once.
    assert.equal(sliceMigration(ranges[0]!, start, 6, undefined, 2_500_000n).length, 3);
  });

  it('start exactly after a checkpoint and end at `to`; nothing for a migration after `to`', () => {
    const from = { migration_id: 0, record_time: '2025-01-01T00:00:05.000000Z' };
    const start = initialScanRead(from, 'u1');
    const to = { migration_id: 0, record_time: '2025-01-01T00:00:05.500000Z' };
    const plan = sliceMigration(ranges[0]!, { state: start, at: toMicros(from.record_time) }, 4, to);
    assert.equal(plan[0]!.start, start);
    assert.deepEqual(plan.at(-1)!.end, to);
    assert.deepEqual(sliceMigration(ranges[1]!, whole(ranges[1]!), 4, to), []);
    assert.deepEqual(tailSlice(to, start, to, false), []);
  });

  it('the tail reads what follows the last slice: open, up to `to`, or from the start when no slice came before', () => {
    const start = initialScanRead(undefined, undefined);
    const end = { migration_id: 1, record_time: '2025-01-01T00:00:05.000000Z' };
    assert.deepEqual(tailSlice(end, start, undefined, false), [{ start: initialScanRead(end, undefined), end: undefined }]);
    const to = { migration_id: 2, record_time: '2025-01-01T00:00:01.000000Z' };
    assert.deepEqual(tailSlice(end, start, to, false), [{ start: initialScanRead(end, undefined), end: to }]);
    // An unknown range: the rest, even if the last slice ended at `to`.
    assert.equal(tailSlice(to, start, to, true).length, 1);
    assert.equal(tailSlice(undefined, start, undefined, true)[0]!.start, start);
  });
});
