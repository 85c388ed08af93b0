import assert from 'node:assert/strict';
import { operationsFromIndex } from '../../src/cli/operationsFromIndex';
import { singleShotOperations } from '../../src/cli/singleShotOperations';
import { parseOperationArgs } from '../../src/cli/parseOperationArgs';
import { operationIndex } from '../../src/generated/operationIndex';

describe('operationsFromIndex', () => {
  it('keeps the reads, with the hand table arguments where it knows the method, else those of the generated method', () => {
    const index = [
      { group: 'scan', operationId: 'getDsoPartyId', method: 'getDsoPartyId', httpMethod: 'GET', path: '/v0/dso-party-id', deprecated: false, paged: false, example: [] },
      { group: 'scan', operationId: 'getAmuletConfigForRound', method: 'getAmuletConfigForRound', httpMethod: 'GET', path: '/v0/amulet-config-for-round', deprecated: true, paged: false },
      { group: 'scan', operationId: 'lookupSomething', method: 'lookupSomething', httpMethod: 'GET', path: '/v0/things/{thing_id}', deprecated: false, paged: false, example: ['t1', { verbose: true }] },
      { group: 'scan', operationId: 'getEventHistory', method: 'getEventHistory', httpMethod: 'POST', path: '/v0/events', deprecated: false, paged: true, example: [{ page_size: 1 }] },
      { group: 'validator', operationId: 'createAnsEntry', method: 'createAnsEntry', httpMethod: 'POST', path: '/v0/entry/create', deprecated: false, paged: false, example: [{}] },
      { group: 'ledger', operationId: 'deleteV2UsersUser-id', method: 'deleteUser', httpMethod: 'DELETE', path: '/v2/users/{user-id}', deprecated: false, paged: false, example: ['u'] },
      { group: 'elsewhere', operationId: 'x', method: 'x', httpMethod: 'GET', path: '/x', deprecated: false, paged: false },
    ];
    const known = singleShotOperations.filter((o) => o.method === 'getAmuletConfigForRound' || o.method === 'getTrafficAccount');
    const table = operationsFromIndex(index, known);
    assert.deepEqual(
      table.map((o) => [o.method, o.args.map((a) => `${a.name}:${a.kind}${a.optional === true ? '?' : ''}`), o.deprecated, o.example]),
      [
        ['getDsoPartyId', [], false, undefined],
        ['getAmuletConfigForRound', ['round:number'], true, '12'],
        ['lookupSomething', ['thing_id:string', 'query:json?'], false, `t1 '{"verbose":true}'`],
        ['getEventHistory', ['request:json'], false, `'{"page_size":1}'`],
        ['getTrafficAccount', ['account-id:string'], false, known[1]!.example],
      ],
    );
  });

  it('over the real index: every read of the three groups, no write, and each example parses into the arguments it describes', () => {
    const table = operationsFromIndex(operationIndex, singleShotOperations);
    const methods = new Set(table.map((o) => `${o.group}.${o.method}`));
    for (const read of ['ledger.getLedgerEnd', 'ledger.getUpdateById', 'scan.getDsoPartyId', 'scan.getEventHistory', 'scan.getUpdateHistoryV2', 'validator.listAnsEntries']) {
      assert.ok(methods.has(read), read);
    }
    for (const write of ['ledger.submitAndWait', 'ledger.allocateParty', 'ledger.deleteUser', 'scan.forceAcsSnapshotNow', 'validator.createAnsEntry']) {
      assert.ok(!methods.has(write), write);
    }
    for (const op of table) {
      const row = operationIndex.find((r) => r.group === op.group && r.method === op.method)!;
      if (op.example !== undefined && singleShotOperations.every((h) => h.method !== op.method)) {
        const words = [...op.example.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));
        assert.deepEqual(parseOperationArgs(op, words, op.method), row.example, op.method);
      }
    }
  });

  it('lets an optional query object be left out, and still refuses too few or too many words', () => {
    const op = operationsFromIndex([{ group: 'scan', operationId: 'l', method: 'lookupThing', httpMethod: 'GET', path: '/v0/things/{id}', example: ['a', {}] }], [])[0]!;
    assert.deepEqual(parseOperationArgs(op, ['a'], 'u'), ['a']);
    assert.deepEqual(parseOperationArgs(op, ['a', '{"x":1}'], 'u'), ['a', { x: 1 }]);
    assert.throws(() => parseOperationArgs(op, [], 'u'), /takes 1 to 2 arguments/);
    assert.throws(() => parseOperationArgs(op, ['a', '{}', 'b'], 'u'), /takes 1 to 2 arguments/);
  });
});
