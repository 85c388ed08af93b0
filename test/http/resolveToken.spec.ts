import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { EMPTY, Observable, throwError } from 'rxjs';
import { resolveToken } from '../../src/http/resolveToken';
import { collect } from '../helpers/collect';

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
  it('gives one InvalidRequest for a provider that errors or completes empty', async () => {
    const [errored] = await collect(resolveToken(() => throwError(() => new Error('x'))));
    const [empty] = await collect(resolveToken(() => EMPTY));
    assert.ok(errored && E.isLeft(errored) && errored.left._tag === 'InvalidRequest');
    assert.ok(empty && E.isLeft(empty) && empty.left._tag === 'InvalidRequest');
  });
});
