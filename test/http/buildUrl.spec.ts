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
  it('refuses a path parameter that is empty, "." or "..", naming it', () => {
    for (const value of ['', '.', '..']) {
      const r = buildUrl('http://h/api/scan', '/v0/transfer-command-counter/{party}', { party: value });
      assert.ok(E.isLeft(r), JSON.stringify(value));
      assert.deepEqual(r.left.issues.map((i) => i.path), ['party']);
    }
    // Anything else is encoded and stays one segment.
    assert.deepEqual(buildUrl('http://h', '/v2/idps/{idp-id}', { 'idp-id': '...' }), E.right('http://h/v2/idps/...'));
    assert.deepEqual(buildUrl('http://h', '/v2/idps/{idp-id}', { 'idp-id': '%2e%2E' }), E.right('http://h/v2/idps/%252e%252E'));
    assert.deepEqual(buildUrl('http://h', '/v2/idps/{idp-id}', { 'idp-id': '../x' }), E.right('http://h/v2/idps/..%2Fx'));
  });
  it('refuses a missing path parameter and an invalid base', () => {
    assert.ok(E.isLeft(buildUrl('http://h', '/v2/idps/{idp-id}')));
    assert.ok(E.isLeft(buildUrl('h/no-scheme', '/x')));
  });
  it('repeats the key of an array query parameter, once per item, and drops an empty array', () => {
    assert.deepEqual(buildUrl('http://h', '/v2/parties/{party}', { party: 'p' }, { parties: ['a::1', 'b'], x: undefined, none: [] }), E.right('http://h/v2/parties/p?parties=a%3A%3A1&parties=b'));
  });
});
