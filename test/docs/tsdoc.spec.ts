import assert from 'node:assert/strict';
import { join } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../helpers/fixtures';

/**
 * Every public export has TSDoc, and every exported value (function, constant, class) an
 * `@example`: read from the sources with the compiler, the way an editor shows them to users.
 */
describe('TSDoc on the public API', function () {
  this.timeout(60_000);
  const entries = ['src/index.ts', 'src/testkit/index.ts'].map((f) => join(projectRoot, f));
  const program = ts.createProgram(entries, { strict: true, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();

  const exportsOf = (file: string): Array<[string, ts.Symbol]> => {
    const source = program.getSourceFile(file);
    assert.ok(source, file);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    assert.ok(moduleSymbol, file);
    return checker.getExportsOfModule(moduleSymbol).map((s) => [s.getName(), s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s]);
  };

  const problems = (name: string, symbol: ts.Symbol): string[] => {
    const out: string[] = [];
    const isValue = (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Class)) !== 0;
    const docs = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
    const tags = symbol.getJsDocTags(checker).map((t) => t.name);
    if (docs.length === 0) out.push(`${name}: no TSDoc`);
    if (isValue && !tags.includes('example')) out.push(`${name}: no @example`);
    return out;
  };

  for (const entry of entries) {
    it(`${entry.slice(projectRoot.length + 1)}: every export is documented, every value with an example`, () => {
      const found: string[] = [];
      for (const [name, symbol] of exportsOf(entry)) {
        // The codec namespaces are checked member by member below.
        if (name === 'codecs' || name === 'tokenStandard' || name === 'splice') continue;
        found.push(...problems(name, symbol));
      }
      assert.deepEqual(found, []);
    });
  }

  it('every codec of codecs.ledger, codecs.scan and codecs.validator is documented with an example', () => {
    const found: string[] = [];
    for (const group of ['ledger', 'scan', 'validator']) {
      for (const [name, symbol] of exportsOf(join(projectRoot, 'src', 'generated', group, 'codecs.ts'))) {
        if (symbol.flags & ts.SymbolFlags.Variable) found.push(...problems(`codecs.${group}.${name}`, symbol));
      }
    }
    assert.deepEqual(found, []);
  });

  it('every codec of tokenStandard is documented with an example', () => {
    const members = exportsOf(join(projectRoot, 'src', 'codecs', 'tokenStandard', 'index.ts'));
    assert.ok(members.length > 10);
    assert.deepEqual(members.flatMap(([name, symbol]) => problems(`tokenStandard.${name}`, symbol)), []);
  });

  it('every codec of splice is documented with an example', () => {
    const members = exportsOf(join(projectRoot, 'src', 'codecs', 'splice', 'daml', 'index.ts'));
    assert.ok(members.length > 50);
    assert.deepEqual(members.flatMap(([name, symbol]) => problems(`splice.${name}`, symbol)), []);
  });
});
