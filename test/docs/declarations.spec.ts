import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { installPacked, type Installed } from '../cli/installPacked';
import { projectRoot } from '../helpers/paths';
import { extractSnippets } from './snippets';

/**
 * canton-rx's declarations as a user's compiler reads them: the packed package installed in a fresh
 * app, compiled strictly with `skipLibCheck: false`, so that every .d.ts it reaches is checked (an
 * import of an `@internal` name that stripInternal removed, a DOM-only type in a Node app's
 * program). PGlite's own declarations need more than the app has (Emscripten's types, which PGlite
 * does not depend on): docs/sinks.md says so, and the last case shows that those are the only
 * errors of its example, and that `skipLibCheck` is what makes it compile.
 */
describe("canton-rx's declarations compile without skipLibCheck in a fresh app", function () {
  this.timeout(300_000);
  let installed: Installed;
  let dir: string;

  before(() => {
    installed = installPacked();
    dir = join(installed.project, 'declarations');
    mkdirSync(dir, { recursive: true });
  });

  /** The diagnostics of `code` as `file(line): TSnnnn message`, the files relative to the app. */
  const check = (name: string, code: string, options: ts.CompilerOptions): string[] => {
    const file = join(dir, `${name}.mts`);
    writeFileSync(file, code);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      ...options,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${relative(installed.project, d.file.fileName)}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})` : '';
      return `${where}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
  };
  // A Node app: Node's types (from this repository, as the app would install them), no DOM lib.
  const node: ts.CompilerOptions = { lib: ['lib.es2022.d.ts'], typeRoots: [join(projectRoot, 'node_modules', '@types')], types: ['node'] };

  it('a browser app (the DOM lib, no Node types) that imports canton-rx', () => {
    const code = `import { createClient } from 'canton-rx';\ncreateClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan.updates({ page_size: 10 }).subscribe((r) => console.log(r));\n`;
    assert.deepEqual(check('browser', code, { lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [] }), []);
  });

  it('a Node app (no DOM lib) that imports every entry point: only the nats entry needs its peer, nats, which this app lacks', () => {
    const code = ["import * as rx from 'canton-rx';", "import * as testkit from 'canton-rx/testkit';", "import * as postgres from 'canton-rx/postgres';", "import * as nats from 'canton-rx/nats';", 'export { rx, testkit, postgres, nats };', ''].join('\n');
    const problems = check('node', code, node);
    assert.deepEqual(
      problems.filter((p) => !/^node_modules\/canton-rx\/dist\/types\/nats\/\S+: TS2307 Cannot find module 'nats'/.test(p)),
      [],
    );
  });

  it("docs/sinks.md's PGlite example: without skipLibCheck only PGlite's own declarations fail (Emscripten's namespace); with it, nothing", () => {
    const sinks = extractSnippets('docs/sinks.md', readFileSync(join(projectRoot, 'docs', 'sinks.md'), 'utf8')).find((s) => s.code.includes("from '@electric-sql/pglite'"));
    assert.ok(sinks, 'docs/sinks.md has no block with PGlite');
    const strict = check('sinks', sinks.code, { ...node, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'] });
    assert.ok(strict.length > 0, 'PGlite compiles without skipLibCheck now: docs/sinks.md can stop saying it does not');
    assert.deepEqual(strict.filter((p) => !p.startsWith('node_modules/@electric-sql/pglite/')), []);
    assert.ok(strict.some((p) => p.includes("Cannot find namespace 'Emscripten'")), strict.join('\n'));
    assert.deepEqual(check('sinks', sinks.code, { ...node, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], skipLibCheck: true }), []);
  });
});
