import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { snapshotPageStep, snapshotReadStart, type SnapshotReadMemory, type SnapshotReadState } from '../../src/streams/snapshotPageStep';
import { tokenGuard } from '../../src/paging/byPageToken';
import type { AcsResponseV2 } from '../../src/codecs/scan/AcsResponseV2';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';

const contract = (id: string): ActiveContract =>
  ({ contract_id: id, template_id: 'p:M:T', package_name: 'p', create_arguments: {}, created_at: '2026-01-01T00:00:00Z', signatories: ['a::1'], observers: [] }) as unknown as ActiveContract;
const page = (ids: string[], next?: string, time = '2026-01-01T00:00:00Z'): AcsResponseV2 =>
  ({ record_time: time, migration_id: 1, created_events: ids.map(contract), ...(next ? { next_page_token: next } : {}) }) as AcsResponseV2;
const first: SnapshotReadState = { after: undefined, snapshot: undefined, skipThrough: undefined };

describe('snapshotPageStep', () => {
  const run = (pages: AcsResponseV2[], start: SnapshotReadState = first): string[] => {
    const memory: SnapshotReadMemory = { tokens: tokenGuard<string>(), lastDelivered: undefined };
    const out: string[] = [];
    let state: SnapshotReadState | undefined = start;
    for (const p of pages) {
      if (state === undefined) break;
      const r = snapshotPageStep(p, state, memory, () => undefined);
      if (E.isLeft(r)) return [...out, `Left:${r.left._tag === 'DecodeError' ? r.left.reason : r.left._tag}`];
      out.push(...r.right.items.map((c) => c.contract_id));
      if (r.right.failure) return [...out, `Left:${r.right.failure._tag === 'DecodeError' ? r.right.failure.reason : ''}`];
      state = r.right.next;
    }
    return out;
  };

  it('hands on each page and pins the snapshot of the first for the next', () => {
    const memory: SnapshotReadMemory = { tokens: tokenGuard<string>(), lastDelivered: undefined };
    const seen: string[] = [];
    const r = snapshotPageStep(page(['a', 'b'], 't1'), first, memory, (c, s) => seen.push(`${c.contract_id}@${s.record_time}`));
    assert.ok(E.isRight(r));
    assert.deepEqual(r.right.next, { after: 't1', snapshot: { migration_id: 1, record_time: '2026-01-01T00:00:00Z' }, skipThrough: undefined });
    assert.deepEqual(seen, ['a@2026-01-01T00:00:00Z', 'b@2026-01-01T00:00:00Z']);
    assert.deepEqual(run([page(['a', 'b'], 't1'), page(['c'])]), ['a', 'b', 'c']);
  });

  it('a page that goes back, a repeated token or another snapshot is an invariant Left after the valid items', () => {
    assert.deepEqual(run([page(['a', 'b'], 't1'), page(['b', 'c'])]), ['a', 'b', 'Left:invariant']);
    assert.deepEqual(run([page(['a', 'a'])]), ['a', 'Left:invariant']);
    assert.deepEqual(run([page(['a'], 't1'), page(['b'], 't1')]), ['a', 'b', 'Left:invariant']);
    assert.deepEqual(run([page(['a'], 't1'), page(['b'], undefined, '2026-01-01T00:00:01Z')]), ['a', 'Left:invariant']);
  });

  it("skips through a checkpoint's contract, and refuses a checkpoint whose contract is not on its page", () => {
    const resume: SnapshotReadState = { after: 't1', snapshot: { migration_id: 1, record_time: '2026-01-01T00:00:00.000Z' }, skipThrough: 'b' };
    assert.deepEqual(run([page(['a', 'b', 'c'])], resume), ['c']);
    assert.deepEqual(run([page(['a', 'c'])], resume), ['Left:invariant']);
  });

  it('starts on the checkpoint (its page, snapshot and contract), else at the token given', () => {
    assert.deepEqual(snapshotReadStart({ migration_id: 1, record_time: 't', after: 'p2', contract_id: 'c' }, 'ignored'), { after: 'p2', snapshot: { migration_id: 1, record_time: 't' }, skipThrough: 'c' });
    assert.deepEqual(snapshotReadStart(undefined, 'p1'), { after: 'p1', snapshot: undefined, skipThrough: undefined });
  });
});
