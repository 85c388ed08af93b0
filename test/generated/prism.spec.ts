import assert from 'node:assert/strict';
import { join } from 'node:path';
import { lastValueFrom, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { createClient, operationIndex, type CantonError, type Fetch } from '../../src/index';
import { fixturesDir } from '../helpers/paths';
import { startPrism, type PrismServer } from '../helpers/prism';
import { prismExpectations } from './prismExpectations';

type Group = 'ledger' | 'scan' | 'validator' | 'registry';

/**
 * Every operation of `operationIndex`, called with its `example` through a client pointed at a
 * Prism mock server of the bundled spec (test/fixtures/specs): Prism checks the request against
 * the spec (any violation it reports, in a 422 or in its `sl-violations` header on the answer it
 * chose, fails the test), and the answer it builds from the spec must decode. The few answers that
 * cannot are listed in prismExpectations.ts, each with its reason.
 */
describe('every operation against a Prism mock of its spec', function () {
  this.timeout(120_000);
  const servers: Partial<Record<Group, PrismServer>> = {};

  before(async function () {
    const started = await Promise.all((['ledger', 'scan', 'validator', 'registry'] as const).map(async (g) => [g, await startPrism(join(fixturesDir, 'specs', `${g}.json`))] as const));
    for (const [g, s] of started) servers[g] = s;
  });

  after(async () => {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  });

  for (const entry of operationIndex) {
    const expectation = prismExpectations[`${entry.group}.${entry.method}`];
    it(`${entry.group}.${entry.method} (${entry.httpMethod} ${entry.path})${expectation ? `: ${expectation.kind}` : ''}`, async () => {
      const sent: Array<{ status: number; violations: string | null; url: string }> = [];
      const fetch: Fetch = async (input, init) => {
        const r = await globalThis.fetch(input, init);
        // Prism also reports where its own sample answer breaks the spec (a oneOf it cannot
        // satisfy): only the request's violations are ours.
        const all = JSON.parse(r.headers.get('sl-violations') ?? '[]') as Array<{ location: string[] }>;
        const request = all.filter((v) => v.location[0] === 'request');
        sent.push({ status: r.status, violations: request.length > 0 ? JSON.stringify(request) : null, url: input });
        return r;
      };
      const group = entry.group as Group;
      const client = createClient({ [group]: { url: servers[group]!.url, token: 'prism-test-token' }, fetch });
      const args = entry.example.map((a) => (typeof a === 'object' && a !== null && '$binary' in a ? new Uint8Array(Buffer.from(String((a as { $binary: string }).$binary), 'base64')) : a));
      const method = (client[group] as unknown as Record<string, (...a: unknown[]) => Observable<E.Either<CantonError, unknown>>>)[entry.method];
      assert.equal(typeof method, 'function', `client.${group}.${entry.method} exists`);
      const result = await lastValueFrom(method!(...args));

      if (expectation?.kind === 'not sent') {
        assert.ok(E.isLeft(result) && result.left._tag === 'InvalidRequest', JSON.stringify(result));
        assert.equal(sent.length, 0);
        return;
      }
      assert.ok(sent.length >= 1, 'a request was sent');
      for (const s of sent) {
        assert.notEqual(s.status, 422, `Prism refused the request ${s.url}`);
        assert.equal(s.violations, null, `Prism found the request ${s.url} invalid: ${s.violations}`);
      }
      if (expectation?.kind === 'sample does not decode') {
        assert.ok(E.isLeft(result) && result.left._tag === 'DecodeError' && result.left.reason === 'schema', JSON.stringify(result).slice(0, 400));
        return;
      }
      if (expectation?.kind === 'error status') {
        assert.ok(E.isLeft(result) && result.left._tag === 'HttpError' && result.left.status === expectation.status, JSON.stringify(result).slice(0, 400));
        return;
      }
      assert.ok(E.isRight(result), JSON.stringify(result).slice(0, 600));
    });
  }
});
