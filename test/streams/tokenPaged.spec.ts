import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { defer, of, Subject } from 'rxjs';
import type { CantonError } from '../../src/errors/CantonError';
import { tokenPagedPages, type TokenPage, type TokenPageCheckpoint } from '../../src/streams/tokenPaged';
import { flattenPages } from '../../src/paging/flattenPages';
import { collect } from '../helpers/collect';

type Cp = TokenPageCheckpoint<'test.list', string>;

const tokenPaged = (...args: Parameters<typeof tokenPagedPages<string, 'test.list', string>>) => flattenPages(tokenPagedPages(...args), (page) => page.records);

/** A list of `n` entries in pages of `size`, the token of a page naming its first index. */
const pagesOf = (n: number, size: number) => {
  const asked: Array<string | undefined> = [];
  const fetchPage = (token: string | undefined) =>
    defer(() => {
      asked.push(token);
      const from = token === undefined ? 0 : Number(token.slice(1));
      const entries = Array.from({ length: Math.max(0, Math.min(size, n - from)) }, (_, i) => `e${from + i}`);
      return of(E.right<CantonError, TokenPage<string, string>>({ entries, nextPageToken: from + size < n ? `t${from + size}` : undefined }));
    });
  return { asked, fetchPage };
};
const show = (rs: Array<E.Either<CantonError, { value: string }>>) => rs.map((r) => (E.isRight(r) ? r.right.value : `Left:${(r.left as { reason?: string }).reason}`));

describe('tokenPaged (a list paged by an opaque token, checkpoint (pageToken, index))', () => {
  it('reads every entry once, in page order, each with the token of its page and its index', async () => {
    const { fetchPage } = pagesOf(7, 3);
    const got = await collect(tokenPaged('test.list', fetchPage, {}));
    assert.deepEqual(show(got), ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    const cps = got.map((r) => (E.isRight(r) ? r.right.checkpoint : undefined));
    assert.deepEqual(cps[0], { stream: 'test.list', index: 0 });
    assert.deepEqual(cps[4], { stream: 'test.list', pageToken: 't3', index: 1 });
  });

  it('resuming from the checkpoint of every entry gives exactly the rest, refetching the page of its token', async () => {
    const { fetchPage } = pagesOf(8, 3);
    const all = (await collect(tokenPaged('test.list', fetchPage, {}))).flatMap((r) => (E.isRight(r) ? [r.right] : []));
    for (let i = 0; i < all.length; i++) {
      const from = JSON.parse(JSON.stringify(all[i]!.checkpoint)) as Cp;
      const resumed = pagesOf(8, 3);
      const rest = show(await collect(tokenPaged('test.list', resumed.fetchPage, { from })));
      assert.deepEqual(rest, all.slice(i + 1).map((x) => x.value), `after entry ${i}`);
      assert.equal(resumed.asked[0], from.pageToken);
    }
  });

  it('a page token that repeats is an invariant Left after the valid entries', async () => {
    let calls = 0;
    const fetchPage = () => of(E.right<CantonError, TokenPage<string, string>>({ entries: [`e${calls}`], nextPageToken: calls++ < 2 ? `t${Math.min(calls, 1)}` : 'never' }));
    assert.deepEqual(show(await collect(tokenPaged('test.list', fetchPage, {}))), ['e0', 'e1', 'Left:invariant']);
  });

  it("a resume whose page holds no entry at the checkpoint's index any more is an invariant Left, not a silent skip", async () => {
    const { fetchPage } = pagesOf(4, 3);
    assert.deepEqual(show(await collect(tokenPaged('test.list', fetchPage, { from: { stream: 'test.list', pageToken: 't3', index: 2 } }))), ['Left:invariant']);
  });

  it('goes through the pager: in pull mode with prefetch 0 the next page is asked for only when pulled', async () => {
    const { asked, fetchPage } = pagesOf(4, 2);
    const pull = new Subject<void>();
    const got: string[] = [];
    let completed = false;
    tokenPaged('test.list', fetchPage, { pull, prefetch: 0 }).subscribe({ next: (r) => E.isRight(r) && got.push(r.right.value), complete: () => (completed = true) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual([got, asked.length], [['e0', 'e1'], 1]);
    pull.next();
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual([got, asked.length, completed], [['e0', 'e1', 'e2', 'e3'], 2, true]);
  });

});
