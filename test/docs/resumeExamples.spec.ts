import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../helpers/paths';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });

/** The code of every `@example` of a file's TSDoc comments, with the line it starts on. */
const examplesOf = (text: string): Array<{ line: number; code: string }> => {
  const out: Array<{ line: number; code: string }> = [];
  for (const m of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const lines = m[0].split('\n').map((l) => l.replace(/^\s*\*? ?/, ''));
    const start = text.slice(0, m.index).split('\n').length;
    let inExample = false;
    for (let i = 0; i < lines.length; i++) {
      if (/^@example\b/.test(lines[i]!)) inExample = true;
      else if (/^@\w/.test(lines[i]!)) inExample = false;
      if (!inExample || !/^```(ts|typescript)\b/.test(lines[i]!)) continue;
      const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
      out.push({ line: start + i + 1, code: lines.slice(i + 1, end < 0 ? undefined : end).join('\n') });
      if (end > i) i = end;
    }
  }
  return out;
};

/** Whether `code` uses an identifier `store` that it never declares (a variable, parameter, import or function). */
const usesUndeclaredStore = (code: string): boolean => {
  const file = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true);
  let used = false;
  let declared = false;
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === 'store') {
      const p = n.parent;
      const isName = (ts.isPropertyAccessExpression(p) && p.name === n) || ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p)) && p.name === n);
      const declares = ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p)) && p.name === n) || ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p);
      if (declares) declared = true;
      else if (!isName) used = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return used && !declared;
};

/**
 * The API reference's examples resume as docs/streams.md teaches: from a page's checkpoint
 * (`pages.*`, `drainInto`) given back as `from`, not with the deprecated `checkpointOf`, and they
 * declare the store they load from and save to (a reader copying an example gets no undeclared
 * `store`). checkpointOf's own page shows itself; the command line's modules are not in the reference.
 */
describe('the TSDoc examples resume from a page checkpoint and declare their store', () => {
  const files = sources(join(projectRoot, 'src')).filter((f) => !relative(projectRoot, f).startsWith(join('src', 'cli')));
  const examples = files.flatMap((f) => examplesOf(readFileSync(f, 'utf8')).map((e) => ({ ...e, where: `${relative(projectRoot, f)}:${e.line}`, file: f })));

  it('reads the examples (the check went over them)', () => {
    assert.ok(examples.length > 300, `${examples.length} examples`);
    assert.ok(examples.some((e) => e.code.includes('drainInto')));
  });

  it('no example but checkpointOf\'s own uses checkpointOf', () => {
    const own = join('src', 'streams', 'checkpointOf.ts');
    assert.deepEqual(examples.filter((e) => /\bcheckpointOf\b/.test(e.code) && !e.where.startsWith(own)).map((e) => e.where), []);
  });

  it('no example uses a `store` it does not declare', () => {
    assert.deepEqual(examples.filter((e) => usesUndeclaredStore(e.code)).map((e) => e.where), []);
  });

  it('the check itself: an undeclared store is found, a declared or imported one or a property is not', () => {
    assert.equal(usesUndeclaredStore('await store.load();'), true);
    assert.equal(usesUndeclaredStore("const store = fileCheckpointStore('x.json');\nawait store.load();"), false);
    assert.equal(usesUndeclaredStore("import { store } from './db.js';\nstore.save(1);"), false);
    assert.equal(usesUndeclaredStore('const o = { store: 1 };\nconsole.log(o.store);'), false);
    assert.equal(usesUndeclaredStore('const f = (store: unknown) => store;'), false);
  });
});
