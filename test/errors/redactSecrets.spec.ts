import assert from 'node:assert/strict';
import { redactSecrets } from '../../src/errors/redactSecrets';

const JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';

describe('redactSecrets', () => {
  it('redacts a bearer token, known or not, and keeps the word Bearer', () => {
    assert.equal(redactSecrets('<html>you sent Bearer opaque-secret-token-XYZ123</html>'), '<html>you sent Bearer [redacted]</html>');
    assert.equal(redactSecrets('authorization: bearer abc.DEF_ghi~jkl+/=='), 'authorization: bearer [redacted]');
    // JSON may escape the slash.
    assert.equal(redactSecrets('{"h":"Bearer abcdefgh\\/ijkl"}'), '{"h":"Bearer [redacted]"}');
  });

  it('leaves prose and a challenge alone, but not a token cut short after Bearer', () => {
    assert.equal(redactSecrets('the Bearer token is missing'), 'the Bearer token is missing');
    assert.equal(redactSecrets('WWW-Authenticate: Bearer realm="x"'), 'WWW-Authenticate: Bearer realm="x"');
    assert.equal(redactSecrets('"you sent Bearer opa…'), '"you sent Bearer [redacted]…');
  });

  it('redacts a JWT whole, cut short, or as a WebSocket sub-protocol', () => {
    assert.equal(redactSecrets(`token ${JWT} end`), 'token [redacted] end');
    assert.equal(redactSecrets(`"${JWT.slice(0, 50)}…`), '"[redacted]…');
    assert.equal(redactSecrets('protocols jwt.token.opaque-123, daml.ws.auth'), 'protocols jwt.token.[redacted], daml.ws.auth');
  });

  it('redacts known secrets raw, JSON-escaped, and their start where an excerpt cuts them', () => {
    assert.equal(redactSecrets('a tok-123456 b', ['tok-123456']), 'a [redacted] b');
    assert.equal(redactSecrets(JSON.stringify({ m: 'x/y"z-secret' }), ['x/y"z-secret']), '{"m":"[redacted]"}');
    assert.equal(redactSecrets('"you sent tok-1234…', ['tok-123456']), '"you sent [redacted]…');
    assert.equal(redactSecrets('"you sent tok…', ['tok-123456']), '"you sent tok…', 'three characters say nothing');
    assert.equal(redactSecrets('nothing to hide', [undefined, '']), 'nothing to hide');
  });

  it('keeps JSON parseable', () => {
    const json = JSON.stringify({ a: `Bearer ${JWT}`, b: [JWT, 'k"now/n'] });
    assert.deepEqual(JSON.parse(redactSecrets(json, ['k"now/n'])), { a: 'Bearer [redacted]', b: ['[redacted]', '[redacted]'] });
  });
});
