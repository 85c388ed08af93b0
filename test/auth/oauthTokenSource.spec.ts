import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import sinon from 'sinon';
import { oauthTokenSource } from '../../src/auth/oauthTokenSource';
import { createClient } from '../../src/clientFactory/createClient';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { AUDIENCE, KEY_CLIENT, KEY_CLIENT_JWK, KEY_CLIENT_PEM, OTHER_AUDIENCE, SECRET_CLIENT, startOpenIdProvider, type TestIssuer } from './openIdProvider';

/** The claims of a JWT, unverified: what the participant reads. */
const claimsOf = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Fast retries, without jitter: the failures are real, the waits a millisecond. */
const FAST = { initialDelayMs: 1, maxDelayMs: 1, random: () => 0 } as const;

describe('oauthTokenSource against a real OpenID provider (oidc-provider)', function () {
  this.timeout(30_000);
  let idp: TestIssuer;
  let net: SimulatedNetwork;

  before(async () => {
    idp = await startOpenIdProvider();
    // The participant knows the client as a user (client credentials tokens have sub = client id) and requires its audience.
    net = await startSimulatedNetwork({ seed: 22, updates: 20, audience: AUDIENCE, users: [{ userId: SECRET_CLIENT.id, readAsAnyParty: true }, { userId: KEY_CLIENT.id, readAsAnyParty: true }] });
  });
  after(async () => {
    await net.close();
    await idp.close();
  });
  afterEach(() => {
    idp.fail('token', 0);
    idp.fail('discovery', 0);
    idp.ttlSeconds = 120;
  });

  const secretSource = (extra: Partial<Parameters<typeof oauthTokenSource>[0]> = {}) =>
    oauthTokenSource({ issuer: idp.issuer, clientId: SECRET_CLIENT.id, clientSecret: SECRET_CLIENT.secret, audience: AUDIENCE, audienceParameter: 'resource', scope: 'daml_ledger_api', retry: FAST, ...extra });

  it('discovers the token endpoint and gets a token with the audience and scope asked for (client_secret_basic)', async () => {
    const token = await secretSource()();
    const claims = claimsOf(token);
    assert.equal(claims['aud'], AUDIENCE);
    assert.equal(claims['sub'], SECRET_CLIENT.id);
    assert.equal(claims['scope'], 'daml_ledger_api');
    assert.equal(claims['iss'], idp.issuer);
  });

  it('from a token URL without discovery, and with client_secret_post where asked', async () => {
    const before = idp.discoveryRequests();
    for (const secretMethod of ['basic', 'post'] as const) {
      const token = await secretSource({ issuer: undefined, tokenUrl: idp.tokenUrl, secretMethod })();
      assert.equal(claimsOf(token)['aud'], AUDIENCE);
    }
    const wrong = secretSource({ issuer: undefined, tokenUrl: idp.tokenUrl, clientSecret: 'not-the-secret-7d2e' });
    await assert.rejects(wrong(), (e: Error) => e.name === 'OAuthError' && /401/.test(e.message) && /invalid_client/.test(e.message) && !e.message.includes('not-the-secret-7d2e'));
    assert.equal(idp.discoveryRequests(), before);
  });

  it('signs a private_key_jwt assertion with a PEM key or a JWK, from discovery or a token URL', async () => {
    for (const config of [
      { issuer: idp.issuer, privateKey: { key: KEY_CLIENT_PEM, keyId: KEY_CLIENT.keyId, algorithm: 'ES256' } },
      { tokenUrl: idp.tokenUrl, privateKey: { key: KEY_CLIENT_JWK, keyId: KEY_CLIENT.keyId } },
    ]) {
      const token = await oauthTokenSource({ ...config, clientId: KEY_CLIENT.id, audience: AUDIENCE, audienceParameter: 'resource', retry: FAST })();
      assert.equal(claimsOf(token)['sub'], KEY_CLIENT.id);
      assert.equal(claimsOf(token)['aud'], AUDIENCE);
    }
  });

  it('100 concurrent reads through one expiry: exactly one token request, and every read succeeds with the new token', async () => {
    // Virtual wall clock: the provider's iat/exp, the participant's expiry check and the source's cache all read Date.
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      const client = createClient({ ledger: { url: net.ledgerUrl, token: secretSource() } });
      const reads = () => Promise.all(Array.from({ length: 100 }, () => lastValueFrom(client.ledger.getLedgerEnd())));
      const start = idp.tokenRequests();
      const first = await reads();
      assert.ok(first.every(E.isRight), JSON.stringify(first.find(E.isLeft)));
      assert.equal(idp.tokenRequests() - start, 1, 'the first 100 reads share one token request');
      // Past the token's expiry (120 s): the participant would refuse the old token.
      clock.tick(121_000);
      const second = await reads();
      assert.ok(second.every(E.isRight), JSON.stringify(second.find(E.isLeft)));
      assert.equal(idp.tokenRequests() - start, 2, 'one refresh for the 100 reads that found the token expired');
    } finally {
      clock.restore();
    }
  });

  it('renews the token before it expires: refreshBeforeMs ahead, or at half a short lifetime', async () => {
    // On a whole second, so that the token's exp (in seconds) and the source's clock agree exactly.
    const clock = sinon.useFakeTimers({ now: Math.ceil(Date.now() / 1000) * 1000, toFake: ['Date'] });
    try {
      const source = secretSource();
      const first = await source();
      const exp = (claimsOf(first)['exp'] as number) * 1000;
      assert.equal(source.renewsAt(first), exp - 60_000, 'a 120 s token is renewed 60 s before it expires');
      clock.tick(59_000);
      assert.equal(await source(), first, 'still cached before its renewal');
      clock.tick(1_000);
      const second = await source();
      assert.notEqual(second, first);
      assert.ok(Date.now() < exp, 'the new token came while the old one was still valid');
      assert.equal(source.renewsAt(first), undefined, 'the old token is no longer known');
      idp.ttlSeconds = 30;
      clock.tick(60_000);
      const short = await source();
      assert.equal(source.renewsAt(short), (claimsOf(short)['exp'] as number) * 1000 - 15_000, 'a 30 s token at half its lifetime');
    } finally {
      clock.restore();
    }
  });

  it('a token that arrives late counts its life from its arrival: renewed before it expires, not due on arrival', async () => {
    const clock = sinon.useFakeTimers({ now: Math.ceil(Date.now() / 1000) * 1000, toFake: ['Date'] });
    try {
      idp.fail('token', 2);
      // The issuer is down for 100 s: each retry finds the clock 50 s later.
      const source = secretSource({ retry: { ...FAST, onRetry: () => clock.tick(50_000) } });
      const sent = Date.now();
      const token = await source();
      const arrived = Date.now();
      assert.equal(arrived - sent, 100_000);
      const exp = (claimsOf(token)['exp'] as number) * 1000;
      assert.equal(exp, arrived + 120_000, 'the issuer counts from the answer');
      const renewsAt = source.renewsAt(token)!;
      assert.equal(renewsAt, exp - 60_000, 'renewed 60 s before its expiry');
      assert.ok(renewsAt > arrived, `not due on arrival (due ${renewsAt - arrived} ms after it)`);
      assert.equal(await source(), token, 'cached on arrival, not asked again');
    } finally {
      clock.restore();
    }
  });

  it("a JWT's exp (whole seconds) bounds its life where earlier than arrival + expires_in", async () => {
    // 900 ms past a second: the issuer's exp is rounded down, 900 ms before arrival + expires_in.
    const clock = sinon.useFakeTimers({ now: Math.ceil(Date.now() / 1000) * 1000 + 900, toFake: ['Date'] });
    try {
      const source = secretSource({ refreshBeforeMs: 30_000 });
      const token = await source();
      const exp = (claimsOf(token)['exp'] as number) * 1000;
      assert.equal(exp, Date.now() - 900 + 120_000);
      assert.equal(source.renewsAt(token), exp - 30_000);
    } finally {
      clock.restore();
    }
  });

  it('refreshBeforeMs: 0 still keeps a margin of 5 s before the exp, and a short token is renewed at half its life', async () => {
    const clock = sinon.useFakeTimers({ now: Math.ceil(Date.now() / 1000) * 1000 + 400, toFake: ['Date'] });
    try {
      const source = secretSource({ refreshBeforeMs: 0 });
      const token = await source();
      const exp = (claimsOf(token)['exp'] as number) * 1000;
      assert.equal(source.renewsAt(token), exp - 5_000, 'never used up to its exp');
      idp.ttlSeconds = 8;
      clock.tick(120_000);
      const short = await source();
      const shortExp = (claimsOf(short)['exp'] as number) * 1000;
      assert.equal(source.renewsAt(short), Date.now() + (shortExp - Date.now()) / 2, 'an 8 s token at half its life');
    } finally {
      clock.restore();
    }
  });

  it('an issuer that fails for a while is retried with the retry policy: discovery and token endpoint alike', async () => {
    const retries: number[] = [];
    idp.fail('discovery', 2);
    idp.fail('token', 3);
    const tokensBefore = idp.tokenRequests();
    const token = await secretSource({ retry: { ...FAST, onRetry: (info) => retries.push(info.attempt) } })();
    assert.equal(claimsOf(token)['aud'], AUDIENCE);
    assert.deepEqual(retries, [1, 2, 1, 2, 3]);
    assert.equal(idp.tokenRequests() - tokensBefore, 4);
  });

  it('an issuer that fails past the policy rejects every waiting request once, redacted, and is asked again on the next one', async () => {
    idp.fail('token', 100);
    const source = secretSource({ retry: { ...FAST, maxRetries: 2 } });
    const before = idp.tokenRequests();
    const waiting = await Promise.allSettled(Array.from({ length: 10 }, () => source()));
    assert.ok(waiting.every((r) => r.status === 'rejected'));
    assert.equal(idp.tokenRequests() - before, 3, 'one request and two retries, shared by the ten waiting');
    const reason = (waiting[0] as PromiseRejectedResult).reason as Error;
    assert.equal(reason.name, 'OAuthError');
    assert.match(reason.message, /503/);
    assert.ok(!reason.message.includes(SECRET_CLIENT.secret));
    idp.fail('token', 0);
    assert.equal(claimsOf(await source())['aud'], AUDIENCE, 'a failure is not cached');
  });

  it('through the client, a failed sign-in is a retryable InvalidRequest token-provider Left that quotes no secret', async () => {
    idp.fail('token', 100);
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secretSource({ retry: { maxRetries: 0 } }) } });
    const result = await lastValueFrom(client.ledger.getLedgerEnd());
    assert.ok(E.isLeft(result) && result.left._tag === 'InvalidRequest' && result.left.reason === 'token-provider', JSON.stringify(result));
    assert.ok(!JSON.stringify(result).includes(SECRET_CLIENT.secret));
  });

  it('a token without the participant\'s audience is refused the way Canton 3.7 refuses it: 401 UNAUTHENTICATED', async () => {
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secretSource({ audience: OTHER_AUDIENCE }) } });
    const refused = await lastValueFrom(client.ledger.getLedgerEnd());
    assert.ok(E.isLeft(refused) && refused.left._tag === 'HttpError', JSON.stringify(refused));
    assert.equal(refused.left.status, 401);
    assert.ok(refused.left.body._tag === 'LedgerError' && refused.left.body.error.code === 'UNAUTHENTICATED', JSON.stringify(refused.left.body));
    const accepted = await lastValueFrom(createClient({ ledger: { url: net.ledgerUrl, token: secretSource() } }).ledger.getLedgerEnd());
    assert.ok(E.isRight(accepted), JSON.stringify(accepted));
  });

  it('the issuer refusing the audience (invalid_target) is not retried and names the OAuth error', async () => {
    const before = idp.tokenRequests();
    await assert.rejects(secretSource({ audience: 'https://unknown.example/' })(), (e: Error) => /400/.test(e.message) && /invalid_target/.test(e.message));
    assert.equal(idp.tokenRequests() - before, 1);
  });

  it('an issuer that cannot be reached is a network failure, retried, then rejected without the secret', async () => {
    const source = oauthTokenSource({ issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: SECRET_CLIENT.secret, retry: { ...FAST, maxRetries: 1 } });
    await assert.rejects(source(), (e: Error) => e.name === 'OAuthError' && /NetworkError|could not be read/.test(e.message) && !e.message.includes(SECRET_CLIENT.secret));
  });

  it('an invalid config rejects every call naming its fields, and sends nothing', async () => {
    const before = idp.tokenRequests();
    const source = oauthTokenSource({ issuer: 'http://login.example.com', tokenUrl: idp.tokenUrl, clientId: '', clientSecret: SECRET_CLIENT.secret, privateKey: { key: 'k' } });
    await assert.rejects(source(), (e: Error) => /tokenUrl/.test(e.message) && /clientId/.test(e.message) && /privateKey/.test(e.message) && !e.message.includes(SECRET_CLIENT.secret));
    assert.equal(idp.tokenRequests(), before);
  });

  it('is cold: creating a source asks nothing', async () => {
    const before = idp.tokenRequests() + idp.discoveryRequests();
    secretSource();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(idp.tokenRequests() + idp.discoveryRequests(), before);
  });
});
