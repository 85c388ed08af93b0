import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { checkOAuthConfig } from '../../src/auth/checkOAuthConfig';
import type { OAuthClientCredentials } from '../../src/auth/OAuthClientCredentials';

const paths = (config: OAuthClientCredentials): string[] => {
  const r = checkOAuthConfig(config);
  return E.isLeft(r) ? r.left.issues.map((i) => i.path) : [];
};

describe('checkOAuthConfig', () => {
  it('accepts an https issuer, or an http one on a loopback host', () => {
    const r = checkOAuthConfig({ issuer: 'https://login.example.com/realms/canton', clientId: 'c', clientSecret: 's' });
    assert.ok(E.isRight(r) && r.right.discover && !r.right.insecure && r.right.url.href === 'https://login.example.com/realms/canton');
    for (const host of ['127.0.0.1:8080', 'localhost', '[::1]:9000']) {
      const local = checkOAuthConfig({ tokenUrl: `http://${host}/token`, clientId: 'c', privateKey: { key: 'k' } });
      assert.ok(E.isRight(local) && !local.right.discover && local.right.insecure, host);
    }
  });

  it('names every field that is wrong, and never quotes the secret', () => {
    assert.deepEqual(paths({ clientId: 'c', clientSecret: 's' }), ['issuer']);
    assert.deepEqual(paths({ issuer: 'https://a', tokenUrl: 'https://a/token', clientId: 'c', clientSecret: 's' }), ['tokenUrl']);
    assert.deepEqual(paths({ issuer: 'http://login.example.com', clientId: 'c', clientSecret: 's' }), ['issuer']);
    assert.deepEqual(paths({ issuer: 'https://u:p@login.example.com', clientId: 'c', clientSecret: 's' }), ['issuer']);
    assert.deepEqual(paths({ issuer: 'not a url', clientId: 'c', clientSecret: 's' }), ['issuer']);
    assert.deepEqual(paths({ issuer: 'https://a', clientId: '', clientSecret: 's' }), ['clientId']);
    assert.deepEqual(paths({ issuer: 'https://a', clientId: 'c' }), ['clientSecret']);
    assert.deepEqual(paths({ issuer: 'https://a', clientId: 'c', clientSecret: 's', privateKey: { key: 'k' } }), ['privateKey']);
    const bad = { issuer: 'https://a', clientId: 'c', clientSecret: 'hunter2-secret', secretMethod: 'x', audienceParameter: 'y', audience: '', scope: '', refreshBeforeMs: -1, timeoutMs: 0, retry: { maxRetries: -1 } } as unknown as OAuthClientCredentials;
    assert.deepEqual(paths(bad), ['secretMethod', 'audienceParameter', 'audience', 'scope', 'refreshBeforeMs', 'timeoutMs', 'retry.maxRetries']);
    assert.ok(!JSON.stringify(checkOAuthConfig(bad)).includes('hunter2-secret'));
  });
});
