import assert from 'node:assert/strict';
import { renewingToken, type IssuedToken } from '../../src/auth/renewingToken';

/** An issue function whose answers the test settles by hand. */
const manual = () => {
  const pending: Array<{ resolve: (t: IssuedToken) => void; reject: (e: Error) => void }> = [];
  const issue = () => new Promise<IssuedToken>((resolve, reject) => pending.push({ resolve, reject }));
  return { issue, pending };
};

describe('renewingToken', () => {
  it('one issue in flight however many callers wait; then the cached token until its renewal', async () => {
    let now = 0;
    const { issue, pending } = manual();
    const source = renewingToken(issue, () => now);
    const waiting = Array.from({ length: 50 }, () => source());
    assert.equal(pending.length, 1);
    pending[0]!.resolve({ token: 'a', renewsAt: 100 });
    assert.deepEqual(new Set(await Promise.all(waiting)), new Set(['a']));
    now = 99;
    assert.equal(await source(), 'a');
    assert.equal(pending.length, 1);
    now = 100;
    const renewed = [source(), source()];
    assert.equal(pending.length, 2);
    pending[1]!.resolve({ token: 'b', renewsAt: 200 });
    assert.deepEqual(await Promise.all(renewed), ['b', 'b']);
  });

  it('a failed issue rejects every waiter, is not cached, and the next call asks again', async () => {
    const { issue, pending } = manual();
    const source = renewingToken(issue, () => 0);
    const waiting = [source(), source()];
    pending[0]!.reject(new Error('down'));
    for (const w of waiting) await assert.rejects(w, /down/);
    const again = source();
    assert.equal(pending.length, 2);
    pending[1]!.resolve({ token: 'c', renewsAt: 10 });
    assert.equal(await again, 'c');
  });

  it('renewsAt tells the renewal of the current token only', async () => {
    const { issue, pending } = manual();
    const source = renewingToken(issue, () => 0);
    assert.equal(source.renewsAt('a'), undefined);
    const got = source();
    pending[0]!.resolve({ token: 'a', renewsAt: 42 });
    await got;
    assert.equal(source.renewsAt('a'), 42);
    assert.equal(source.renewsAt('other'), undefined);
  });

  it('a refused token is dropped: the next call asks for a new one; refusing an older token keeps the current', async () => {
    const { issue, pending } = manual();
    const source = renewingToken(issue, () => 0);
    const first = source();
    pending[0]!.resolve({ token: 'a', renewsAt: 1000 });
    assert.equal(await first, 'a');
    source.refused!('older');
    assert.equal(await source(), 'a');
    assert.equal(pending.length, 1);
    source.refused!('a');
    assert.equal(source.renewsAt('a'), undefined);
    const second = source();
    assert.equal(pending.length, 2);
    pending[1]!.resolve({ token: 'b', renewsAt: 1000 });
    assert.equal(await second, 'b');
  });
});
