import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../helpers/paths';
import { extractSnippets, preludeFor, type Snippet } from './snippets';

/**
 * Every TypeScript block of README.md and docs/*.md compiles against the package as a user
 * imports it (`canton-rx`, `canton-rx/testkit`), as an ES module under NodeNext resolution with
 * strict checks: one compiler Program for all of them. A block may use the placeholders below
 * without declaring them; anything else it uses it declares or imports, as a reader would.
 * README's main example also runs, against the simulated network: see readmeExample.spec.ts.
 */

/** Placeholders every document may use: the reader's own application, or what an earlier block set up. */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  E: `import * as E from 'fp-ts/lib/Either.js';`,
  client: `declare const client: import('canton-rx').CantonClient;`,
  net: `declare const net: import('canton-rx/testkit').SimulatedNetwork;`,
  url: `declare const url: string;`,
  scanUrl: `declare const scanUrl: string;`,
  token: `declare const token: string;`,
  body: `declare const body: string;`,
  updateFormat: `declare const updateFormat: import('canton-rx').LedgerUpdatesRequest['updateFormat'];`,
  auth: `declare const auth: { currentToken(): Promise<string> };`,
  store: `declare const store: { load<C extends import('canton-rx').Checkpoint>(): Promise<C | undefined>; save(checkpoint: import('canton-rx').Checkpoint): void };`,
  db: `declare const db: { insert(item: unknown): Promise<void>; save(item: unknown): Promise<void>; saveCheckpoint(checkpoint: import('canton-rx').Checkpoint): Promise<void> };`,
  log: `declare const log: { (message: string): void; error(message: string): void; warn(message: string): void; info(message: string): void };`,
  alert: `declare const alert: (...about: unknown[]) => void;`,
  project: `declare const project: (update: unknown) => void;`,
  index: `declare const index: (item: unknown) => void;`,
  party: `declare const party: string;`,
  nextNonce: `declare const nextNonce: (counter: unknown) => number;`,
};

/** Where the snippets sit: inside the project, so that node_modules and its types resolve as for a user. */
const snippetDir = join(projectRoot, '.build', 'doc-snippets');

const documents = (): string[] => ['README.md', ...readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

interface Compiled {
  readonly snippet: Snippet;
  readonly fileName: string;
  /** Lines of the snippet's own code: a diagnostic below them is in its prelude. */
  readonly codeLines: number;
}

const compile = () => {
  const snippets = documents().flatMap((file) => extractSnippets(file, readFileSync(join(projectRoot, file), 'utf8')));
  const files = new Map<string, string>();
  const compiled: Compiled[] = snippets.map((snippet) => {
    // .mts: an ES module, like a user's file under "type": "module", so top-level await is allowed.
    const fileName = join(snippetDir, `${snippet.file.replace(/[/.]/g, '_')}_L${snippet.line}.mts`);
    files.set(fileName, `${snippet.code}\n${preludeFor(PLACEHOLDERS, snippet.code)}\nexport {};\n`);
    return { snippet, fileName, codeLines: snippet.code.split('\n').length };
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node', 'mocha'],
    baseUrl: projectRoot,
    paths: { 'canton-rx': ['src/index.ts'], 'canton-rx/scan': ['src/scanClient.ts'], 'canton-rx/testkit': ['src/testkit/index.ts'], 'canton-rx/postgres': ['src/postgres/index.ts'], 'canton-rx/nats': ['src/nats/index.ts'] },
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, language, onError, shouldCreate) => {
    const text = files.get(f);
    return text === undefined ? getSourceFile.call(host, f, language, onError, shouldCreate) : ts.createSourceFile(f, text, language, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return { compiled, program };
};

/** A diagnostic as `README.md:37:5 (TS2304) Cannot find name 'x'.`, pointing into the Markdown file. */
const locate = (c: Compiled, d: ts.Diagnostic): string => {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  if (d.file === undefined || d.start === undefined) return `${c.snippet.file}:${c.snippet.line} (TS${d.code}) ${message}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  if (line >= c.codeLines)
    return `${c.snippet.file}:${c.snippet.line} (TS${d.code}) in the placeholders of test/docs/snippets.spec.ts appended to this block: ${message}`;
  return `${c.snippet.file}:${c.snippet.line + line}:${c.snippet.indent + character + 1} (TS${d.code}) ${message}`;
};

describe('the TypeScript blocks of README.md and docs/*.md', function () {
  this.timeout(120_000);
  let compiled: Compiled[];
  let program: ts.Program;
  before(() => ({ compiled, program } = compile()));

  it('are found (README.md and every docs page that has code)', () => {
    const byFile = new Set(compiled.map((c) => c.snippet.file));
    for (const f of ['README.md', 'docs/streams.md', 'docs/operators.md', 'docs/merging.md', 'docs/testkit.md', 'docs/codecs.md']) assert.ok(byFile.has(f), `no block found in ${f}`);
    assert.ok(compiled.length >= 13, `only ${compiled.length} blocks found`);
    // A wrong option or a missing type package would show here, not in any one block.
    assert.deepEqual([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), []);
  });

  it('import fp-ts modules by file (fp-ts/lib/Either.js): a directory import such as fp-ts/Either crashes in ES modules', () => {
    const bad = compiled.flatMap((c) =>
      c.snippet.code.split('\n').flatMap((text, i) =>
        /from\s+['"]fp-ts\/(?!lib\/[\w]+\.js['"]|es6\/[\w]+\.js['"])[^'"]*['"]/.test(text) ? [`${c.snippet.file}:${c.snippet.line + i}: ${text.trim()}`] : [],
      ),
    );
    assert.deepEqual(bad, []);
  });

  for (const file of documents())
    it(`${file}: every block type-checks against canton-rx`, () => {
      const problems = compiled
        .filter((c) => c.snippet.file === file)
        .flatMap((c) => {
          const source = program.getSourceFile(c.fileName);
          assert.ok(source, c.fileName);
          return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => locate(c, d));
        });
      assert.ok(problems.length === 0, `\n${problems.join('\n')}\n`);
    });
});
