import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { buildUrl } from '../../src/http/buildUrl';

describe('buildUrl', () => {
  it('joins base and path without doubling slashes, encoding parameters', () => {
    assert.deepEqual(buildUrl('http://h:1/api/scan/', '/v0/featured-apps/{provider_party_id}', { provider_party_id: 'a::1220' }), E.right('http://h:1/api/scan/v0/featured-apps/a%3A%3A1220'));
  });
  it('refuses a base with user info rather than sending or showing it', () => {
    const r = buildUrl('http://user:pw@h/api/scan', '/livez');
    assert.ok(E.isLeft(r));
    assert.doesNotMatch(JSON.stringify(r.left), /pw/);
  });
  it('refuses a missing path parameter and an invalid base', () => {
    assert.ok(E.isLeft(buildUrl('http://h', '/v2/idps/{idp-id}')));
    assert.ok(E.isLeft(buildUrl('h/no-scheme', '/x')));
  });
});
