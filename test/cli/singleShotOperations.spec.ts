import assert from 'node:assert/strict';
import { singleShotOperations } from '../../src/cli/singleShotOperations';
import { createClient } from '../../src/clientFactory/createClient';
import { operationIndex } from '../../src/generated/operationIndex';
import { operationsFromIndex } from '../../src/cli/operationsFromIndex';

describe('singleShotOperations', () => {
  const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' }, ledger: { url: 'http://127.0.0.1:1' }, validator: { url: 'http://127.0.0.1:1/api/validator' } });

  it('every entry is a method of its group, taking the arguments it lists', () => {
    for (const op of singleShotOperations) {
      const method = (client[op.group] as unknown as Record<string, unknown>)[op.method];
      assert.equal(typeof method, 'function', `${op.group}.${op.method}`);
      assert.equal((method as (...a: unknown[]) => unknown).length, op.args.length, `${op.group}.${op.method} arity`);
    }
  });

  it('every entry is an operation of the index with its method name (but the traffic accounts, which the specs leave out), and none is a write', () => {
    for (const op of singleShotOperations) {
      const row = operationIndex.find((r) => r.group === op.group && r.method === op.method);
      if (op.method === 'getTrafficAccount') assert.equal(row, undefined);
      else assert.equal(row?.path, op.path, `${op.group}.${op.method}`);
    }
    assert.ok(operationsFromIndex(operationIndex, singleShotOperations).some((o) => o.method === 'getTrafficAccount'));
    assert.ok(!singleShotOperations.some((o) => o.method === 'createAnsEntry'));
  });
});
