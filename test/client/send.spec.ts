import assert from 'node:assert/strict';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { of } from 'rxjs';
import { checked, send } from '../../src/client/send';
import { invalidRequest } from '../../src/errors/constructors';
import type { Call } from '../../src/client/createTransport';
import { collect } from '../helpers/collect';

describe('send and checked', () => {
  const calls: Call[] = [];
  const transport = (call: Call) => {
    calls.push(call);
    return of(E.right({ status: 200, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: { count: 3 } } }));
  };

  it('send: one request through the transport, decoded with the codec', async () => {
    calls.length = 0;
    const out = await collect(send(transport, { method: 'POST', path: '/v0/admin/sv/voteresults/count', body: {} }, t.type({ count: t.number })));
    assert.deepEqual(out, [E.right({ count: 3 })]);
    assert.equal(calls.length, 1);
  });

  it('checked: checks at subscribe time and sends only when the check passes', async () => {
    calls.length = 0;
    let checks = 0;
    const refused = checked(
      () => (checks++, E.left(invalidRequest('bad'))),
      () => send(transport, { method: 'GET', path: '/x' }, t.unknown),
    );
    assert.equal(checks, 0, 'nothing happens before subscribe');
    assert.deepEqual(await collect(refused), [E.left(invalidRequest('bad'))]);
    assert.equal(checks, 1);
    assert.equal(calls.length, 0);
    const accepted = checked(() => E.right(5), (n) => send(transport, { method: 'GET', path: `/x/${n}` }, t.unknown));
    await collect(accepted);
    assert.deepEqual(calls.map((c) => c.path), ['/x/5']);
  });
});
