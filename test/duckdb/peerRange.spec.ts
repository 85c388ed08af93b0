import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../helpers/paths';

/**
 * DuckDB publishes @duckdb/node-api only as prereleases (`1.5.6-r.1`), and npm admits a
 * prerelease only through a range term naming its own major.minor.patch (docs/analytics.md,
 * "Which @duckdb/node-api"): the peer range must name the tuple of the version the tests run
 * with, or npm removes or refuses it beside canton-rx.
 */
describe('the peer range of @duckdb/node-api', () => {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string>; devDependencies: Record<string, string> };
  const peer = pkg.peerDependencies['@duckdb/node-api']!;
  const tested = pkg.devDependencies['@duckdb/node-api']!;

  it('names the tuple of the version the tests run with, when that is a prerelease', () => {
    const m = /^(\d+\.\d+\.\d+)(-.+)?$/.exec(tested);
    assert.ok(m, `the dev dependency is pinned: ${tested}`);
    if (m[2] !== undefined) {
      const terms = peer.split('||').map((t) => t.trim());
      assert.ok(
        terms.some((t) => new RegExp(`^[~^]?${m[1]!.replace(/\./g, '\\.')}-`).test(t) || t.includes(` ${m[1]}-`) || t.startsWith(`>=${m[1]}-`)),
        `${peer} has no term naming ${m[1]}-…: npm would not admit ${tested}`,
      );
    }
  });

  it('is the optional peer: installing canton-rx never pulls DuckDB in', () => {
    const meta = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { peerDependenciesMeta: Record<string, { optional?: boolean }> }).peerDependenciesMeta;
    assert.equal(meta['@duckdb/node-api']?.optional, true);
  });
});
