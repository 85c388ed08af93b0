import assert from 'node:assert/strict';
import { firstValueFrom, of, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { lazyMethods } from '../../src/client/lazyMethods';
import type { Call, Transport } from '../../src/client/createTransport';
import type { CantonError } from '../../src/errors/CantonError';
import { getDsoPartyId } from '../../src/generated/scan/ops/getDsoPartyId';
import { isLive } from '../../src/generated/scan/ops/isLive';

interface Two {
  getDsoPartyId(): Observable<E.Either<CantonError, unknown>>;
  isLive(): Observable<E.Either<CantonError, unknown>>;
}

describe('lazyMethods', () => {
  it('makes a method per name, each loading the operations at its first subscribe and calling its own', async () => {
    const calls: Call[] = [];
    const transport: Transport = (call) => {
      calls.push(call);
      return of(E.right({ status: 200, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: { dso_party_id: 'DSO::1' } } }));
    };
    let loads = 0;
    const methods = lazyMethods<Two, { getDsoPartyId: typeof getDsoPartyId; isLive: typeof isLive }>(
      transport,
      () => {
        loads++;
        return Promise.resolve({ getDsoPartyId, isLive });
      },
      ['getDsoPartyId', 'isLive'],
    );
    assert.deepEqual(Object.keys(methods).sort(), ['getDsoPartyId', 'isLive']);
    const dso = methods.getDsoPartyId();
    assert.equal(loads, 0);
    assert.deepEqual(await firstValueFrom(dso), E.right({ dso_party_id: 'DSO::1' }));
    await firstValueFrom(methods.isLive());
    assert.equal(loads, 2);
    assert.deepEqual(calls.map((c) => `${c.method} ${c.path}`), ['GET /v0/dso-party-id', 'GET /livez']);
  });
});
