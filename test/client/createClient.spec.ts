import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import { createClient } from '../../src/client/createClient';
import type { Fetch } from '../../src/http/types';
import { collect } from '../helpers/collect';
import { formatError } from '../../src/errors/formatError';
import { isRetryable } from '../../src/errors/isRetryable';

describe('createClient', () => {
  const stubFetch = (body = '{"dso_party_id":"DSO::1220"}') =>
    sinon.stub<Parameters<Fetch>, ReturnType<Fetch>>().resolves({ status: 200, headers: { get: () => 'application/json' }, text: () => Promise.resolve(body) });

  it('sends nothing when created', () => {
    const fetch = stubFetch();
    createClient({ ledger: { url: 'http://l' }, validator: { url: 'http://v/api/validator' }, scan: { url: 'http://s/api/scan' }, fetch });
    sinon.assert.notCalled(fetch);
  });

  it('gives each group its own base URL and token, and the shared fetch', async () => {
    const fetch = stubFetch();
    const client = createClient({ ledger: { url: 'http://l', token: 'L' }, scan: { url: 'http://s/api/scan' }, fetch });
    await collect(client.ledger.getIdentityProviderConfig('i'));
    await collect(client.scan.getDsoPartyId());
    assert.deepEqual(fetch.getCalls().map((c) => [c.args[0], c.args[1].headers['authorization']]), [
      ['http://l/v2/idps/i', 'Bearer L'],
      ['http://s/api/scan/v0/dso-party-id', undefined],
    ]);
  });

  it('reports a missing group and a bad timeout as InvalidRequest values, not crashes', async () => {
    const [missing] = await collect(createClient({}).validator.getOpenAndIssuingMiningRounds());
    assert.ok(missing && E.isLeft(missing) && missing.left._tag === 'InvalidRequest');
    const [bad] = await collect(createClient({ scan: { url: 'http://s' }, timeoutMs: 0, fetch: stubFetch() }).scan.getDsoPartyId());
    assert.ok(bad && E.isLeft(bad) && bad.left._tag === 'InvalidRequest');
  });

  it('refuses a base URL with user info, a query or a fragment on every operation, quoting none of it, sending nothing', async () => {
    const fetch = stubFetch();
    const client = createClient({
      ledger: { url: 'https://alice:pw-SECRET-7@participant.example.com' },
      validator: { url: 'https://validator.example.com/api/validator?apikey=SECRET-7' },
      scan: { url: 'https://scan.example.com/api/scan#SECRET-7' },
      fetch,
    });
    const results = [
      ...(await collect(client.ledger.getIdentityProviderConfig('i'))),
      ...(await collect(client.validator.getOpenAndIssuingMiningRounds())),
      ...(await collect(client.scan.getDsoPartyId())),
    ];
    assert.deepEqual(
      results.map((r) => (E.isLeft(r) && r.left._tag === 'InvalidRequest' ? r.left.issues.map((i) => i.path) : r)),
      [['ledger.url'], ['validator.url'], ['scan.url']],
    );
    for (const r of results) {
      assert.ok(E.isLeft(r) && !isRetryable(r.left), 'not retryable');
      assert.doesNotMatch(`${formatError(r.left)} ${JSON.stringify(r.left)}`, /SECRET-7|pw-/);
    }
    sinon.assert.notCalled(fetch);
  });

  it('checks ANS names against the configured acronym', async () => {
    const fetch = stubFetch();
    const client = createClient({ validator: { url: 'http://v/api/validator', token: 't', ansAcronym: 'ans' }, fetch });
    const [r] = await collect(client.validator.createAnsEntry({ name: 'bob.unverified.cns', url: '', description: '' }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
    sinon.assert.notCalled(fetch);
  });
});
