import assert from 'node:assert/strict';
import { loadOpenIdClient } from '../../src/auth/loadOpenIdClient';

describe('loadOpenIdClient', () => {
  it('imports openid-client once, on first use', async () => {
    const first = loadOpenIdClient();
    assert.equal(loadOpenIdClient(), first);
    const oidc = await first;
    assert.equal(typeof oidc.clientCredentialsGrant, 'function');
    assert.equal(typeof oidc.discovery, 'function');
  });
});
