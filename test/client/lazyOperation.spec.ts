import assert from 'node:assert/strict';
import { firstValueFrom, of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { lazyOperation } from '../../src/client/lazyOperation';
import type { Call, Transport } from '../../src/client/createTransport';
import { getDsoInfo } from '../../src/generated/scan/ops/getDsoInfo';
import { getAmuletConfigForRound } from '../../src/generated/scan/ops/getAmuletConfigForRound';
import type { OperationDescriptor } from '../../src/client/invokeOperation';

const dsoInfo = { sv_user: 'sv', sv_party_id: 'sv::1', dso_party_id: 'DSO::1', voting_threshold: 1, latest_mining_round: {}, amulet_rules: {}, dso_rules: {}, sv_node_states: [] };

describe('lazyOperation', () => {
  const recording = () => {
    const calls: Call[] = [];
    const transport: Transport = (call) => {
      calls.push(call);
      return of(E.right({ status: 200, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: dsoInfo } }));
    };
    return { calls, transport };
  };

  it('loads the descriptor at subscribe, not before, then calls the operation as invokeOperation does', async () => {
    const { calls, transport } = recording();
    let loads = 0;
    const method = lazyOperation(transport, () => {
      loads++;
      return Promise.resolve(getDsoInfo);
    });
    const answer = method();
    assert.equal(loads, 0);
    assert.equal(calls.length, 0);
    const r = await firstValueFrom(answer);
    assert.equal(loads, 1);
    assert.deepEqual(calls.map((c) => [c.method, c.path]), [['GET', '/v0/dso']]);
    // Whatever the generated codec makes of it, the answer is the decoded value or a Left that says why.
    assert.ok(E.isRight(r) || r.left._tag === 'DecodeError');
  });

  it('checks the arguments against the loaded descriptor first: a bad one is an InvalidRequest, nothing sent', async () => {
    const { calls, transport } = recording();
    const method = lazyOperation(transport, () => Promise.resolve(getAmuletConfigForRound as OperationDescriptor<unknown>));
    const r = await firstValueFrom(method({ round: 'one' }));
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest', JSON.stringify(r));
    assert.equal(calls.length, 0);
  });
});
