import assert from 'node:assert/strict';
import { singleShotOperations } from '../../src/cli/singleShotOperations';
import { createClient } from '../../src/client/createClient';

describe('singleShotOperations', () => {
  const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' }, ledger: { url: 'http://127.0.0.1:1' }, validator: { url: 'http://127.0.0.1:1/api/validator' } });

  it('every entry is a method of its group, taking the arguments it lists', () => {
    for (const op of singleShotOperations) {
      const method = (client[op.group] as unknown as Record<string, unknown>)[op.method];
      assert.equal(typeof method, 'function', `${op.group}.${op.method}`);
      assert.equal((method as (...a: unknown[]) => unknown).length, op.args.length, `${op.group}.${op.method} arity`);
    }
  });

  it('covers every single-shot read of the groups, and no write', () => {
    const listed = new Set(singleShotOperations.map((o) => `${o.group}.${o.method}`));
    const streams = new Set(['scan.updates', 'scan.holdings', 'scan.backfill', 'ledger.updates']);
    for (const group of ['scan', 'ledger', 'validator'] as const) {
      for (const method of Object.keys(client[group])) {
        const name = `${group}.${method}`;
        if (streams.has(name) || name === 'validator.createAnsEntry') assert.ok(!listed.has(name), name);
        else assert.ok(listed.has(name), `${name} is missing from the table`);
      }
    }
  });
});
