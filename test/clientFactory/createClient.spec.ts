import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import sinon from 'sinon';
import { createClient } from '../../src/clientFactory/createClient';
import type { Fetch } from '../../src/http/types';
import { fetch as crossFetch } from 'cross-fetch';
import { collect } from '../helpers/collect';
import { startServer } from '../helpers/server';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';
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

  it('a token provider that fails once does not end a stream with a retry policy; a single shot gets the Left', async () => {
    const history = ledgerHistory(12);
    const server = await startServer((req) => answerUpdatesPage(history, req.body));
    try {
      let calls = 0;
      let last = '';
      const token = () => {
        calls++;
        // What a refresh failure may say: the token it could not refresh.
        if (calls === 2) throw new Error(`refresh failed for ${last}`);
        if (calls === 3) return Promise.reject(new Error('identity provider unreachable'));
        return (last = `tok-${calls}`);
      };
      const ledger = createClient({ ledger: { url: server.url, token }, fetch: crossFetch as unknown as Fetch }).ledger;
      const retried: string[] = [];
      const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: { filtersByParty: { 'alice::1220': {} } } } };
      const out = await collect(
        ledger.updates({ updateFormat, maxPageSize: 5 }, { retry: { initialDelayMs: 1, random: () => 0, onRetry: (i) => retried.push(i.error._tag === 'InvalidRequest' ? `${i.error.reason}` : i.error._tag) } }),
      );
      assert.deepEqual(out.map((r) => (E.isRight(r) ? 'item' : formatError(r.left))), Array.from({ length: 12 }, () => 'item'));
      assert.deepEqual(retried, ['token-provider', 'token-provider']);
      assert.deepEqual(server.requests.map((r) => r.headers.authorization), ['Bearer tok-1', 'Bearer tok-4', 'Bearer tok-5', 'Bearer tok-6']);

      calls = 1;
      const [single] = await collect(ledger.getIdentityProviderConfig('idp'));
      assert.ok(single && E.isLeft(single) && single.left._tag === 'InvalidRequest' && single.left.reason === 'token-provider');
      assert.deepEqual(single.left.cause, { name: 'Error', message: 'refresh failed for [redacted]' });
      assert.equal(formatError(single.left), 'invalid request: the token provider failed (token: threw or rejected: Error: refresh failed for [redacted])');
    } finally {
      await server.close();
    }
  });

  it('bounds every body by maxResponseBytes, and refuses a bound that is not a positive whole number', async () => {
    const [big] = await collect(createClient({ scan: { url: 'http://s/api/scan' }, maxResponseBytes: 10, fetch: stubFetch() }).scan.getDsoPartyId());
    assert.ok(big && E.isLeft(big) && big.left._tag === 'DecodeError' && big.left.reason === 'too-large');
    assert.ok(E.isRight((await collect(createClient({ scan: { url: 'http://s/api/scan' }, maxResponseBytes: 100, fetch: stubFetch() }).scan.getDsoPartyId()))[0]!));
    for (const maxResponseBytes of [0, -1, 1.5, Infinity, NaN]) {
      const fetch = stubFetch();
      const [r] = await collect(createClient({ scan: { url: 'http://s/api/scan' }, maxResponseBytes, fetch }).scan.getDsoPartyId());
      assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest', String(maxResponseBytes));
      assert.deepEqual(r.left.issues.map((i) => i.path), ['maxResponseBytes']);
      sinon.assert.notCalled(fetch);
    }
  });

  it('timeoutMs: Infinity is no timeout, not "time out at once"', async () => {
    const slow = sinon.stub<Parameters<Fetch>, ReturnType<Fetch>>().callsFake(
      () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, headers: { get: () => 'application/json' }, text: () => Promise.resolve('{"dso_party_id":"DSO::1220"}') }), 20)),
    );
    const [r] = await collect(createClient({ scan: { url: 'http://s/api/scan' }, timeoutMs: Infinity, fetch: slow }).scan.getDsoPartyId());
    assert.deepEqual(r, E.right({ dso_party_id: 'DSO::1220' }));
  });

  it('refuses a timeoutMs no timer can hold, naming the option, sending nothing', async () => {
    for (const timeoutMs of [0, -1, NaN, 2 ** 31, 1e12, -Infinity, '5000' as unknown as number]) {
      const fetch = stubFetch();
      const [r] = await collect(createClient({ scan: { url: 'http://s/api/scan' }, timeoutMs, fetch }).scan.getDsoPartyId());
      assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest', String(timeoutMs));
      assert.deepEqual(r.left.issues.map((i) => i.path), ['timeoutMs']);
      sinon.assert.notCalled(fetch);
    }
    const [ok] = await collect(createClient({ scan: { url: 'http://s/api/scan' }, timeoutMs: 2 ** 31 - 1, fetch: stubFetch() }).scan.getDsoPartyId());
    assert.ok(ok && E.isRight(ok));
  });

  it('checks ANS names against the configured acronym', async () => {
    const fetch = stubFetch();
    const client = createClient({ validator: { url: 'http://v/api/validator', token: 't', ansAcronym: 'ans' }, fetch });
    const [r] = await collect(client.validator.createAnsEntry({ name: 'bob.unverified.cns', url: '', description: '' }));
    assert.ok(r && E.isLeft(r) && r.left._tag === 'InvalidRequest');
    sinon.assert.notCalled(fetch);
  });
});
