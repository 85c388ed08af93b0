import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { EMPTY, Observable, throwError } from 'rxjs';
import { resolveToken } from '../../src/http/resolveToken';
import { collect } from '../helpers/collect';
import { isRetryable } from '../../src/errors/isRetryable';
import { isRetryableRead } from '../../src/errors/isRetryableRead';

describe('resolveToken', () => {
  it('passes a fixed token or no token through', async () => {
    assert.deepEqual(await collect(resolveToken('t')), [E.right('t')]);
    assert.deepEqual(await collect(resolveToken(undefined)), [E.right(undefined)]);
  });
  it('takes the first value of an Observable provider', async () => {
    let calls = 0;
    const provider = () => {
      calls++;
      return new Observable<string>((s) => {
        s.next('a');
        s.next('b');
        s.complete();
      });
    };
    assert.deepEqual(await collect(resolveToken(provider)), [E.right('a')]);
    assert.equal(calls, 1);
  });
  it('a failing provider is a retryable InvalidRequest of reason token-provider, with its cause redacted', async () => {
    let calls = 0;
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const provider = () => {
      if (++calls === 1) return 'last-TOKEN-1';
      throw Object.assign(new Error(`cannot refresh last-TOKEN-1 with ${jwt}`), { code: 'EREFRESH', cause: new Error(`upstream said ${jwt}`) });
    };
    assert.deepEqual(await collect(resolveToken(provider)), [E.right('last-TOKEN-1')]);
    const [r] = await collect(resolveToken(provider));
    assert.ok(r && E.isLeft(r));
    assert.equal(r.left.reason, 'token-provider');
    assert.ok(isRetryable(r.left) && isRetryableRead(r.left));
    assert.deepEqual(r.left.cause, { name: 'Error', message: 'cannot refresh [redacted] with [redacted]', code: 'EREFRESH', cause: { name: 'Error', message: 'upstream said [redacted]' } });
    assert.deepEqual(r.left.issues, [{ path: 'token', message: 'threw or rejected: Error: cannot refresh [redacted] with [redacted]' }]);
    assert.doesNotMatch(JSON.stringify(r.left), /TOKEN-1|eyJ/);
  });

  it('gives one InvalidRequest for a provider that errors or completes empty', async () => {
    const [errored] = await collect(resolveToken(() => throwError(() => new Error('x'))));
    const [empty] = await collect(resolveToken(() => EMPTY));
    assert.ok(errored && E.isLeft(errored) && errored.left._tag === 'InvalidRequest' && errored.left.reason === 'token-provider');
    assert.ok(empty && E.isLeft(empty) && empty.left._tag === 'InvalidRequest' && empty.left.reason === 'token-provider');
    assert.deepEqual(empty.left.issues, [{ path: 'token', message: 'completed without a token' }]);
  });

  it('redacts every token the provider gave before, not only the last one, in what it throws', async () => {
    let calls = 0;
    const provider = () => {
      calls++;
      if (calls <= 3) return `tok-${calls}-0123456789`;
      throw new Error('cannot refresh tok-1-0123456789 (superseded by tok-2-0123456789)');
    };
    for (let i = 0; i < 3; i++) await collect(resolveToken(provider));
    const [r] = await collect(resolveToken(provider));
    assert.ok(r && E.isLeft(r));
    assert.doesNotMatch(JSON.stringify(r.left), /tok-\d/);
    assert.match(JSON.stringify(r.left), /cannot refresh \[redacted\] \(superseded by \[redacted\]\)/);
  });

  it('redacts a JWT cut short in what a provider throws', async () => {
    const provider = () => {
      throw new Error('refresh failed: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOi');
    };
    const [r] = await collect(resolveToken(provider));
    assert.ok(r && E.isLeft(r));
    assert.doesNotMatch(JSON.stringify(r.left), /eyJ/);
  });

  it('a provider that returns undefined, null, a number or an object is a Left saying so, not an RxJS message', async () => {
    for (const [value, named] of [[undefined, 'undefined'], [null, 'null'], [42, 'number'], [{}, 'an object'], ['', 'an empty token']] as const) {
      const [r] = await collect(resolveToken((() => value) as unknown as () => string));
      assert.ok(r && E.isLeft(r) && r.left.reason === 'token-provider', String(value));
      const text = JSON.stringify(r.left);
      assert.doesNotMatch(text, /where a stream was expected/);
      assert.ok(text.includes(named), text);
    }
    const [p] = await collect(resolveToken((() => Promise.resolve(undefined)) as unknown as () => Promise<string>));
    assert.ok(p && E.isLeft(p));
    assert.match(p.left.issues[0]!.message, /returned no token \(undefined\)/);
  });
});
