import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../helpers/paths';

/**
 * `npm run docs` (TypeDoc, typedoc.json) validates the API reference without writing it: a broken
 * `{@link}`, an export without TSDoc, or a public signature that names an unexported type fails
 * here rather than only when someone builds the reference.
 */
describe('the API reference (npm run docs)', function () {
  this.timeout(180_000);

  it('builds with no warning: every export documented, every link resolved', async () => {
    const typedoc = join(projectRoot, 'node_modules', 'typedoc', 'bin', 'typedoc');
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(process.execPath, [typedoc, '--emit', 'none'], { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}${stderr}` }),
      ),
    );
    assert.equal(code, 0, output);
    assert.doesNotMatch(output, /\[warning\]|\[error\]/, output);
  });
});
