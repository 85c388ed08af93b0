import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../helpers/paths';
import { requireSpecs } from './specs';

/**
 * Following upstream: a newer Splice spec taken into `splice-next/` (same layout) is what the
 * generator reads, and the operations it adds become methods with their operationIndex entries;
 * the files only `splice/` has are still read from there.
 */
describe('codegen reads the newest Splice specs (splice-next/)', function () {
  this.timeout(60_000);
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('an operation only splice-next/ has becomes a method; its $refs to splice/ files resolve', function () {
    const specs = requireSpecs(this);
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-next-'));
    const copy = join(dir, 'specs');
    cpSync(specs, copy, { recursive: true });
    const rel = join('apps', 'scan', 'src', 'main', 'openapi', 'scan.yaml');
    const scan = readFileSync(join(copy, 'splice', rel), 'utf8');
    const added = [
      '  /v0/future-reads/{round}:',
      '    get:',
      '      tags: [external, scan]',
      '      operationId: "getFutureRead"',
      '      description: A read a newer Splice adds.',
      '      parameters:',
      '        - name: round',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: integer',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                required: [round]',
      '                properties:',
      '                  round:',
      '                    type: integer',
      '        "404":',
      '          $ref: "../../../../common/src/main/openapi/common-external.yaml#/components/responses/404"',
      '',
    ].join('\n');
    mkdirSync(join(copy, 'splice-next', 'apps', 'scan', 'src', 'main', 'openapi'), { recursive: true });
    writeFileSync(join(copy, 'splice-next', rel), scan.replace(/^paths:\n/m, `paths:\n${added}`));
    const out = join(dir, 'out');
    const said = execFileSync(process.execPath, [join(projectRoot, 'scripts', 'codegen.mjs'), '--specs', copy, '--out', out], { encoding: 'utf8' });
    // 75 from scan.yaml, 1 from scan-stream-server.yaml, and this one.
    assert.match(said, /scan 77, validator/);
    const index = readFileSync(join(out, 'src', 'generated', 'operationIndex.ts'), 'utf8');
    assert.match(index, /operationId: "getFutureRead", method: "getFutureRead", httpMethod: "GET", path: "\/v0\/future-reads\/\{round\}"/);
    assert.match(readFileSync(join(out, 'src', 'generated', 'scan', 'methods.ts'), 'utf8'), /getFutureRead\(round: number\): Result<S\.GetFutureReadResponse>/);
    assert.match(readFileSync(join(out, 'docs', 'scan.md'), 'utf8'), /splice-next\/apps\/scan\/src\/main\/openapi\/scan\.yaml/);
  });
});
