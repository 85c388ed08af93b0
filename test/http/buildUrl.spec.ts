import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { buildUrl } from '../../src/http/buildUrl';

describe('buildUrl', () => {
  it('joins base and path without doubling slashes, encoding parameters', () => {
    assert.deepEqual(buildUrl('http://h:1/api/scan/', '/v0/featured-apps/{provider_party_id}', { provider_party_id: 'a::1220' }), E.right({
      url: 'http://h:1/api/scan/v0/featured-apps/a%3A%3A1220',
      displayUrl: 'http://h:1/api/scan/v0/featured-apps/a%3A%3A1220',
    }));
  });
  it('keeps user info out of the URL shown in errors', () => {
    const r = buildUrl('http://user:pw@h/api/scan', '/livez');
    assert.ok(E.isRight(r));
    assert.equal(r.right.displayUrl, 'http://h/api/scan/livez');
    assert.equal(r.right.url, 'http://user:pw@h/api/scan/livez');
  });
  it('refuses a missing path parameter and an invalid base', () => {
    assert.ok(E.isLeft(buildUrl('http://h', '/v2/idps/{idp-id}')));
    assert.ok(E.isLeft(buildUrl('h/no-scheme', '/x')));
  });
});
