import assert from 'node:assert/strict';
import { urlFull } from '../../src/telemetry/urlFull';

describe('urlFull', () => {
  it('returns a URL without query or user information as it is', () => {
    const url = 'http://127.0.0.1:7575/v2/updates/flats';
    assert.equal(urlFull(url), url);
  });

  it('removes user information and the fragment, and redacts every query value but keeps the names', () => {
    assert.equal(urlFull('https://user:pw@scan.example.com/api/scan/v0/acs?party=alice%3A%3A1220&page=2#x'), 'https://scan.example.com/api/scan/v0/acs?party=REDACTED&page=REDACTED');
    assert.equal(urlFull('https://h.example/p?flag&a=1&a=2'), 'https://h.example/p?flag=REDACTED&a=REDACTED&a=REDACTED');
    assert.equal(urlFull('https://h.example/p?'), 'https://h.example/p');
  });

  it('records nothing of what does not parse as a URL', () => {
    assert.equal(urlFull('not a url?secret=1'), '');
  });
});
