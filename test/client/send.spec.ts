import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { map, of } from 'rxjs';
import { checked } from '../../src/client/send';
import { invalidRequest } from '../../src/errors/constructors';
import type { Call } from '../../src/client/createTransport';
import { collect } from '../helpers/collect';

describe('checked', () => {
  const calls: Call[] = [];
  const transport = (call: Call) => {
    calls.push(call);
    return of(E.right({ status: 200, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: { count: 3 } } }));
  };

  it('checked: checks at subscribe time and sends only when the check passes', async () => {
    calls.length = 0;
    let checks = 0;
    const refused = checked(
      () => (checks++, E.left(invalidRequest('bad'))),
      () => transport({ method: 'GET', path: '/x' }).pipe(map(() => E.right(undefined))),
    );
    assert.equal(checks, 0, 'nothing happens before subscribe');
    assert.deepEqual(await collect(refused), [E.left(invalidRequest('bad'))]);
    assert.equal(checks, 1);
    assert.equal(calls.length, 0);
    const accepted = checked(() => E.right(5), (n) => transport({ method: 'GET', path: `/x/${n}` }).pipe(map(() => E.right(undefined))));
    await collect(accepted);
    assert.deepEqual(calls.map((c) => c.path), ['/x/5']);
  });
});
