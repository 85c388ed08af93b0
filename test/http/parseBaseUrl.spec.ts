import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { parseBaseUrl } from '../../src/http/parseBaseUrl';
import { formatError } from '../../src/errors/formatError';

describe('parseBaseUrl', () => {
  it('accepts http and https URLs with a path', () => {
    assert.ok(E.isRight(parseBaseUrl('http://127.0.0.1:5012/api/scan')));
    assert.ok(E.isRight(parseBaseUrl('https://participant.example.com/')));
  });

  for (const [what, url] of [
    ['user info with a password', 'https://user:pw-SECRET-9@scan.example.com/api/scan'],
    ['a user name alone', 'https://user-SECRET-9@scan.example.com/api/scan'],
    ['a query string', 'https://scan.example.com/api/scan?key=SECRET-9'],
    ['an empty query string', 'https://scan.example.com/api/scan?'],
    ['a fragment', 'https://scan.example.com/api/scan#SECRET-9'],
    ['another scheme', 'ftp://scan.example.com/SECRET-9'],
    ['no scheme', 'scan.example.com/SECRET-9'],
  ] as const) {
    it(`refuses ${what} without quoting the URL`, () => {
      const r = parseBaseUrl(url);
      assert.ok(E.isLeft(r));
      assert.equal(r.left.issues[0]?.path, 'url');
      const shown = `${formatError(r.left)} ${JSON.stringify(r.left)}`;
      assert.doesNotMatch(shown, /SECRET-9|pw/);
    });
  }
});
