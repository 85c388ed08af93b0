import assert from 'node:assert/strict';
import { operationsFromIndex } from '../../src/cli/operationsFromIndex';
import { singleShotOperations } from '../../src/cli/singleShotOperations';

describe('operationsFromIndex', () => {
  it('keeps the single-shot reads, with the hand table arguments where it knows the method, else inferred from the path', () => {
    const index = [
      { group: 'scan', operationId: 'getDsoPartyId', method: 'getDsoPartyId', httpMethod: 'GET', path: '/v0/dso-party-id', deprecated: false, paged: false, example: 'x' },
      { group: 'scan', operationId: 'getAmuletConfigForRound', method: 'getAmuletConfigForRound', httpMethod: 'GET', path: '/v0/amulet-config-for-round', deprecated: true, paged: false },
      { group: 'scan', operationId: 'lookupSomething', method: 'lookupSomething', httpMethod: 'GET', path: '/v0/things/{thing_id}', deprecated: false, paged: false },
      { group: 'scan', operationId: 'getUpdateHistoryV2', method: 'updates', httpMethod: 'POST', path: '/v2/updates', deprecated: false, paged: true },
      { group: 'validator', operationId: 'createAnsEntry', method: 'createAnsEntry', httpMethod: 'POST', path: '/v0/entry/create', deprecated: false, paged: false },
      { group: 'elsewhere', operationId: 'x', method: 'x', httpMethod: 'GET', path: '/x', deprecated: false, paged: false },
    ];
    const table = operationsFromIndex(index, singleShotOperations);
    assert.deepEqual(
      table.map((o) => [o.method, o.args.map((a) => `${a.name}:${a.kind}`), o.deprecated, o.example]),
      [
        ['getDsoPartyId', [], false, 'x'],
        ['getAmuletConfigForRound', ['round:number'], true, '12'],
        ['lookupSomething', ['thing_id:string'], false, undefined],
      ],
    );
  });
});
