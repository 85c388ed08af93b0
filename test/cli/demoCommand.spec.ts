import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/runCli';
import { fakeIo } from './fakeIo';
import { runShellExample } from './shellExample';

describe('demo', function () {
  this.timeout(120_000);

  it('starts a simulated network, prints commands that work against it as printed (npx canton-rx ...), and closes it on Ctrl-C', async () => {
    const demo = fakeIo();
    const running = runCli(['demo', '--updates', '40'], demo.io);
    for (let i = 0; i < 500 && !demo.stdout.text.includes('Stop with Ctrl-C'); i++) await new Promise((r) => setTimeout(r, 10));
    const env = Object.fromEntries([...demo.stdout.text.matchAll(/^\s*export (CANTON_RX_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    assert.deepEqual(Object.keys(env).sort(), ['CANTON_RX_LEDGER_URL', 'CANTON_RX_SCAN_URL', 'CANTON_RX_VALIDATOR_URL']);
    const tokenFile = /--token-file (\S+)/.exec(demo.stdout.text)![1]!;
    assert.ok(existsSync(tokenFile));

    // A local install has no canton-rx on the PATH: every command is printed with npx in front.
    const commands = demo.stdout.lines().filter((l) => /^\s+(npx )?canton-rx /.test(l));
    assert.ok(commands.length >= 8, demo.stdout.text);
    assert.deepEqual(commands.filter((l) => !/^\s+npx canton-rx /.test(l)), []);
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'canton-rx-demo-'));
    process.chdir(dir);
    try {
      for (const line of commands) {
        const r = await runShellExample(line, env);
        assert.equal(r.code, 0, `${line}\n${r.stderr}`);
      }
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
    const scan = fakeIo(env);
    assert.equal(await runCli(['scan', 'updates', '-q'], scan.io), 0);
    assert.equal(scan.stdout.lines().length, 40);

    demo.stop();
    assert.equal(await running, 0);
    assert.ok(!existsSync(tokenFile), 'the token file is removed');
    const after = fakeIo(env);
    assert.equal(await runCli(['get', 'scan.getDsoPartyId', '--retries', '0'], after.io), 1, 'the network is closed');
  });
});
