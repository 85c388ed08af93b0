import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../helpers/fixtures';

describe('npm run demo (the compiled scripts/demo.js)', function () {
  this.timeout(60_000);

  it('streams the simulated network, tails and merges it under faults, and checks what came through', async () => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [join(projectRoot, '.build', 'scripts', 'demo.js')], { cwd: projectRoot }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    assert.match(out, /^scan: 4000 items in .* \| last checkpoint: \{"stream":"scan.updates"/m);
    assert.match(out, /^ledger \(alice\): \d+ items in .* \| last checkpoint: \{"stream":"ledger.updates","offset":\d+\}/m);
    assert.match(out, /^registry: Amulet, 10 decimals, total supply \d+(\.\d+)? as of \d{4}-/m);
    assert.match(out, /^live merged feed: \d+ updates in 3 s \| .*both \d+.* \| \d+ faults injected on Scan, \d+ retries \| nothing lost or repeated/m);
  });
});
