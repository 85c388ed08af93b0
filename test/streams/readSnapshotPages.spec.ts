import assert from 'node:assert/strict';
import { lastValueFrom, of, toArray } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { AcsResponseV2 } from '../../src/codecs/scan/AcsResponseV2';
import type { ActiveContract } from '../../src/codecs/scan/ActiveContract';
import { readSnapshotPages } from '../../src/streams/readSnapshotPages';

const contract = (id: string) => ({ contract_id: id }) as unknown as ActiveContract;
const page = (ids: string[], next?: string): AcsResponseV2 =>
  ({ migration_id: 3, record_time: '2026-01-01T00:00:00Z', created_events: ids.map(contract), ...(next === undefined ? {} : { next_page_token: next }) }) as AcsResponseV2;

describe('readSnapshotPages', () => {
  it('asks the first page as requested, every later one for the resolved snapshot exactly with the previous token, and builds each checkpoint', async () => {
    const bodies: unknown[] = [];
    const answers = [page(['a', 'b'], 't1'), page(['c'])];
    const seen: Array<[string, unknown]> = [];
    const got = await lastValueFrom(
      readSnapshotPages(
        { migration_id: 3, record_time: '2026-01-02T00:00:00Z', record_time_match: 'at_or_before', page_size: 2, after: null },
        {},
        (body) => (bodies.push(body), of(E.right(answers.shift()!))),
        (fields) => ({ stream: 'scan.acsSnapshot' as const, ...fields }),
        (item, cp) => seen.push([item.contract_id, cp]),
      ).pipe(toArray()),
    );
    assert.deepEqual(got.map((r) => (E.isRight(r) ? r.right.contract_id : r.left._tag)), ['a', 'b', 'c']);
    assert.deepEqual(bodies, [
      { migration_id: 3, record_time: '2026-01-02T00:00:00Z', record_time_match: 'at_or_before', page_size: 2 },
      { migration_id: 3, record_time: '2026-01-01T00:00:00Z', record_time_match: 'exact', page_size: 2, after: 't1' },
    ]);
    assert.deepEqual(seen, [
      ['a', { stream: 'scan.acsSnapshot', migration_id: 3, record_time: '2026-01-01T00:00:00Z', contract_id: 'a' }],
      ['b', { stream: 'scan.acsSnapshot', migration_id: 3, record_time: '2026-01-01T00:00:00Z', contract_id: 'b' }],
      ['c', { stream: 'scan.acsSnapshot', migration_id: 3, record_time: '2026-01-01T00:00:00Z', after: 't1', contract_id: 'c' }],
    ]);
  });

  it('resumes on the checkpoint’s page and snapshot, after its contract', async () => {
    const bodies: unknown[] = [];
    const from = { stream: 'scan.acsSnapshot' as const, migration_id: 3, record_time: '2026-01-01T00:00:00Z', after: 't1', contract_id: 'c' };
    const request: { migration_id: number; record_time: string; page_size: number; after?: string } = { migration_id: 3, record_time: '2026-01-02T00:00:00Z', page_size: 2 };
    const got = await lastValueFrom(
      readSnapshotPages(
        request,
        { from },
        (body) => (bodies.push(body), of(E.right(page(['c', 'd'])))),
        (fields) => ({ stream: 'scan.acsSnapshot' as const, ...fields }),
        () => undefined,
      ).pipe(toArray()),
    );
    assert.deepEqual(got.map((r) => (E.isRight(r) ? r.right.contract_id : r.left._tag)), ['d']);
    assert.deepEqual(bodies, [{ migration_id: 3, record_time: '2026-01-01T00:00:00Z', record_time_match: 'exact', page_size: 2, after: 't1' }]);
  });
});
