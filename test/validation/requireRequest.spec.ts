import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { catchError, firstValueFrom, map, of, type Observable } from 'rxjs';
import { requireRequest } from '../../src/validation/requireRequest';
import { createClient } from '../../src/clientFactory/createClient';

describe('requireRequest', () => {
  it('passes an object, refuses anything else with an InvalidRequest naming what it got', () => {
    assert.equal(requireRequest({}, 'x request'), undefined);
    for (const [value, got] of [[undefined, 'nothing'], [null, 'null'], [[], 'an array'], [7, 'number']] as const) {
      const r = requireRequest(value, 'x request');
      assert.ok(r && E.isLeft(r));
      assert.equal(r.left.message, `invalid x request: a request object is required, got ${got}`);
      assert.deepEqual(r.left.issues, [{ path: 'request', message: 'must be an object' }]);
    }
  });

  it('every stream of every group called without its request answers a Left, never a throw nor an error (JavaScript callers)', async function () {
    this.timeout(20_000);
    // Port 1 refuses at once: the methods that need no request fail as NetworkErrors.
    const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' }, ledger: { url: 'http://127.0.0.1:1' }, validator: { url: 'http://127.0.0.1:1/api/validator' }, timeoutMs: 2000 });
    const groups = { scan: client.scan, 'scan.pages': client.scan.pages, ledger: client.ledger, 'ledger.pages': client.ledger.pages, 'ledger.ws': client.ledger.ws, validator: client.validator } as unknown as Record<string, Record<string, unknown>>;
    const outcomes: string[] = [];
    let tried = 0;
    for (const [name, group] of Object.entries(groups)) {
      for (const [method, fn] of Object.entries(group)) {
        if (typeof fn !== 'function') continue;
        tried++;
        let outcome: string;
        try {
          const answer = (fn as () => Observable<E.Either<{ _tag: string }, unknown>>).call(group);
          outcome = await firstValueFrom(answer.pipe(map((r) => (E.isLeft(r) ? r.left._tag : 'Right')), catchError((e: unknown) => of(`error: ${String(e)}`))));
        } catch (e) {
          outcome = `throw: ${String(e)}`;
        }
        if (!['InvalidRequest', 'NetworkError'].includes(outcome)) outcomes.push(`${name}.${method}: ${outcome}`);
      }
    }
    assert.ok(tried > 30, `only ${tried} methods`);
    assert.deepEqual(outcomes, []);
  });
});
