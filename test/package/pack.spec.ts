import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../helpers/fixtures';

describe('the packed tarball', function () {
  // Builds three times and installs into a fresh project: minutes on a slow disk, not hours.
  this.timeout(300_000);

  it('publishes clean (dry run), installs into an empty project and imports through ESM, CommonJS, TypeScript node16 and node10; examples and npx run from it', () => {
    const out = execFileSync(process.execPath, [join(projectRoot, 'scripts', 'pack-check.mjs')], { cwd: projectRoot, encoding: 'utf8' });
    assert.match(out, /^publish dry-run ok$/m);
    assert.match(out, /^esm ok$/m);
    assert.match(out, /^cjs ok$/m);
    // The page decoding worker threads load from either build.
    assert.match(out, /^esm workers ok$/m);
    assert.match(out, /^cjs workers ok$/m);
    assert.match(out, /^types ok$/m);
    assert.match(out, /^types node10 ok: canton-rx, canton-rx\/testkit, canton-rx\/postgres, canton-rx\/nats/m);
    assert.match(out, /^examples ok$/m);
    assert.match(out, /^bin ok$/m);
    assert.match(out, /^npx ok$/m);
  });

  it('is ready to publish: repository, homepage, bugs, keywords, provenance, prepublishOnly runs the pack check, every subpath has typesVersions', () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as Record<string, unknown> & {
      repository: { url: string };
      scripts: Record<string, string>;
      exports: Record<string, unknown>;
      typesVersions: Record<string, Record<string, string[]>>;
      files: string[];
      publishConfig: { provenance?: boolean };
    };
    assert.match(pkg.repository.url, /^git\+https:\/\/github\.com\/.+\.git$/);
    assert.equal(typeof pkg['homepage'], 'string');
    assert.equal(typeof (pkg['bugs'] as { url?: unknown }).url, 'string');
    assert.ok((pkg['keywords'] as string[]).includes('canton'));
    assert.equal(pkg.publishConfig.provenance, true);
    assert.match(pkg.scripts['prepublishOnly']!, /scripts\/pack-check\.mjs/);
    assert.ok(pkg.files.includes('examples'));
    const subpaths = Object.keys(pkg.exports).filter((k) => k !== '.' && k !== './package.json').map((k) => k.slice(2));
    assert.deepEqual(subpaths.filter((p) => pkg.typesVersions['*']?.[p] === undefined), []);
  });
});
