import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('a Node app (no DOM lib) that imports every entry point, without any NATS client installed', () => {
    const code = ["import * as rx from 'canton-rx';", "import * as testkit from 'canton-rx/testkit';", "import * as postgres from 'canton-rx/postgres';", "import * as nats from 'canton-rx/nats';", 'export { rx, testkit, postgres, nats };', ''].join('\n');
    assert.deepEqual(check('node', code, node), []);
  });

  /**
   * An app of its own beside the installed one, with canton-rx and only the given NATS packages
   * (linked from this repository's node_modules, where they are devDependencies) in its
   * node_modules: canton-rx's declarations resolve their imports from where canton-rx is
   * installed, which has no NATS client, so a declaration that named a peer module fails here.
   */
  const appWith = (name: string, packages: readonly string[]): string => {
    const app = join(installed.dir, name);
    mkdirSync(join(app, 'node_modules', '@nats-io'), { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }));
    const link = (pkg: string, target: string): void => {
      if (!existsSync(join(app, 'node_modules', pkg))) symlinkSync(target, join(app, 'node_modules', pkg), 'dir');
    };
    link('canton-rx', join(installed.project, 'node_modules', 'canton-rx'));
    for (const pkg of packages) link(pkg, realpathSync(join(projectRoot, 'node_modules', pkg)));
    return app;
  };
  /** Compiles `code` as a module of `app`, strictly and without skipLibCheck. */
  const checkIn = (app: string, code: string, lib = ['lib.es2022.d.ts']): string[] => {
    const file = join(app, 'app.mts');
    writeFileSync(file, code);
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: false, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, ...node, lib });
    return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? relative(app, d.file.fileName) : ''}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  };
  const usesEveryNatsExport = (connect: string): string =>
    [
      connect,
      "import * as natsEntry from 'canton-rx/nats';",
      "import { natsSink, readToCheckpoint, type NatsConnectionLike } from 'canton-rx/nats';",
      "const nc = await connect({ servers: 'nats://127.0.0.1:4222' });",
      'const like: NatsConnectionLike = nc;',
      "const sink = natsSink({ nc, stream: 'UPDATES', subject: 'canton.updates' });",
      "const read = readToCheckpoint({ nc, stream: 'UPDATES', subject: 'canton.updates' });",
      'export { natsEntry, like, sink, read };',
      '',
    ].join('\n');

  it("canton-rx/nats with only the nats 2.x client installed: a 2.x connection fits every function's nc, no @nats-io package named", () => {
    const app = appWith('app-nats2', ['nats']);
    const code = `${usesEveryNatsExport("import { connect } from 'nats';")}import { publishBackfillSlices, runBackfillWorker } from 'canton-rx/nats';\nexport const queue = { nc, queue: 'BACKFILL' } satisfies Parameters<typeof publishBackfillSlices>[0];\nexport type Worker = typeof runBackfillWorker;\n`;
    // nats 2.x's own declarations name the DOM's TextEncoder and TextDecoder types: its apps need the DOM lib.
    assert.deepEqual(checkIn(app, code, ['lib.es2022.d.ts', 'lib.dom.d.ts']), []);
  });

  it('canton-rx/nats with only the modular @nats-io 3.x client installed: `nats` is named by no declaration', () => {
    const app = appWith('app-nats3', ['@nats-io/transport-node', '@nats-io/jetstream', '@nats-io/kv']);
    assert.deepEqual(checkIn(app, usesEveryNatsExport("import { connect } from '@nats-io/transport-node';")), []);
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
