import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { programVersion } from '../../src/cli/programVersion';
import { runCli } from '../../src/cli/runCli';
import { projectRoot } from '../helpers/paths';
import { fakeIo } from './fakeIo';

describe('programVersion and canton-rx --version', () => {
  const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

  it("is the package's version, found above the module", () => {
    assert.equal(programVersion(), version);
    assert.equal(programVersion('/'), 'unknown');
  });

  it('--version and -V print it and exit 0; a command keeps its own --version (scan updates, deprecated)', async () => {
    for (const flag of ['--version', '-V']) {
      const { io, stdout } = fakeIo();
      assert.equal(await runCli([flag], io), 0);
      assert.equal(stdout.text, `${version}\n`);
    }
    const { io, stdout } = fakeIo();
    assert.equal(await runCli(['--help'], io), 0);
    assert.match(stdout.text, /-V, --version\s+print the version of canton-rx/);
    const updates = fakeIo();
    assert.equal(await runCli(['scan', 'updates', '--help'], updates.io), 0);
    assert.match(updates.stdout.text, /--api-version <version>/);
    assert.doesNotMatch(updates.stdout.text, /^\s+--version/m, 'the old name is hidden');
  });
});
