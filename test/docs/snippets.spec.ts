import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../helpers/paths';
import { extractSnippets, type Snippet } from './snippets';

/**
 * Every TypeScript block of README.md and docs/*.md compiles, as written, against the package as a
 * user imports it (`canton-rx`, `canton-rx/testkit`, `/postgres`, `/nats`), as an ES module under
 * NodeNext resolution with strict checks: one compiler Program for all of them. A block declares
 * or imports everything it uses, as a reader who copies it would need; nothing is added to it.
 * A block marked ```` ```ts fragment ```` is the exception, on purpose part of a larger program: it
 * is checked after the page's previous whole block and its names. README's examples also run,
 * against the simulated network: see examples.spec.ts.
 */

/** Fragments are the exception: a reader cannot copy one as it is. */
const MAX_FRAGMENTS = 4;

/** Where the snippets sit: inside the project, so that node_modules and its types resolve as for a user. */
const snippetDir = join(projectRoot, '.build', 'doc-snippets');

const documents = (): string[] => ['README.md', ...readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

interface Compiled {
  readonly snippet: Snippet;
  readonly fileName: string;
  /** Lines before the snippet's own code: a fragment's whole block, whose diagnostics are its own. */
  readonly before: number;
}

const compile = () => {
  const snippets = documents().flatMap((file) => extractSnippets(file, readFileSync(join(projectRoot, file), 'utf8')));
  const files = new Map<string, string>();
  let whole: Snippet | undefined;
  const compiled: Compiled[] = snippets.map((snippet) => {
    if (!snippet.fragment) whole = snippet;
    else if (whole?.file !== snippet.file) throw new Error(`${snippet.file}:${snippet.line}: a fragment before any whole block of its page`);
    const prefix = snippet.fragment ? `${whole.code}\n` : '';
    // .mts: an ES module, like a user's file under "type": "module", so top-level await is allowed.
    const fileName = join(snippetDir, `${snippet.file.replace(/[/.]/g, '_')}_L${snippet.line}.mts`);
    files.set(fileName, `${prefix}${snippet.code}\nexport {};\n`);
    return { snippet, fileName, before: prefix === '' ? 0 : prefix.split('\n').length - 1 };
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
    paths: { 'canton-rx': ['src/index.ts'], 'canton-rx/scan': ['src/scanClient.ts'], 'canton-rx/testkit': ['src/testkit/index.ts'], 'canton-rx/postgres': ['src/postgres/index.ts'], 'canton-rx/nats': ['src/nats/index.ts'], 'canton-rx/duckdb': ['src/duckdb/index.ts'] },
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

/** A diagnostic as `README.md:37:5 (TS2304) Cannot find name 'x'.`, pointing into the Markdown file; undefined if in a fragment's whole block. */
const locate = (c: Compiled, d: ts.Diagnostic): string | undefined => {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  if (d.file === undefined || d.start === undefined) return `${c.snippet.file}:${c.snippet.line} (TS${d.code}) ${message}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  if (line < c.before) return undefined;
  return `${c.snippet.file}:${c.snippet.line + line - c.before}:${c.snippet.indent + character + 1} (TS${d.code}) ${message}`;
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

  it(`mark at most ${MAX_FRAGMENTS} blocks as fragments`, () => {
    const fragments = compiled.filter((c) => c.snippet.fragment).map((c) => `${c.snippet.file}:${c.snippet.line}`);
    assert.ok(fragments.length <= MAX_FRAGMENTS, `${fragments.length} fragments: ${fragments.join(', ')}`);
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
          return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].flatMap((d) => locate(c, d) ?? []);
        });
      assert.ok(problems.length === 0, `\n${problems.join('\n')}\n`);
    });
});

describe('extractSnippets', () => {
  const page = ['# Page', '', '<!-- example: first -->', '```ts', 'const a = 1;', '```', '', '  ```ts fragment', '  a + 1;', '  ```', '```typescript', 'const b = 2;', '```', ''].join('\n');

  it('finds each block with its first line of code, its indent, a fragment mark and the example marker before it', () => {
    assert.deepEqual(extractSnippets('p.md', page), [
      { file: 'p.md', line: 5, indent: 0, code: 'const a = 1;', fragment: false, example: 'first' },
      { file: 'p.md', line: 9, indent: 2, code: 'a + 1;', fragment: true },
      { file: 'p.md', line: 12, indent: 0, code: 'const b = 2;', fragment: false },
    ]);
  });

  it('refuses a word it does not know after the language (a misspelt fragment), and a block never closed', () => {
    assert.throws(() => extractSnippets('p.md', '```ts fragmnet\nx;\n```\n'), /p\.md:1: unknown words after the language: fragmnet/);
    assert.throws(() => extractSnippets('p.md', '```ts\nx;\n'), /p\.md:1: a code block that is never closed/);
  });
});
