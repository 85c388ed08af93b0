import assert from 'node:assert/strict';
import { scanRegistryUrl } from '../../src/registry/scanRegistryUrl';

describe('scanRegistryUrl', () => {
  it("is the Scan host's root: the /api/scan suffix cut, a path before it kept", () => {
    assert.equal(scanRegistryUrl('https://scan.example/api/scan'), 'https://scan.example');
    assert.equal(scanRegistryUrl('http://127.0.0.1:5012/api/scan/'), 'http://127.0.0.1:5012');
    assert.equal(scanRegistryUrl('https://proxy.example/sv-1/api/scan'), 'https://proxy.example/sv-1');
  });
  it('is the origin for a URL without the suffix, and undefined for one that does not parse', () => {
    assert.equal(scanRegistryUrl('https://scan.example/elsewhere'), 'https://scan.example');
    assert.equal(scanRegistryUrl('https://scan.example/api/scanner'), 'https://scan.example');
    assert.equal(scanRegistryUrl('not a url'), undefined);
  });
});
