import ts from 'typescript';

/** A fenced TypeScript block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the project root (README.md, docs/streams.md). */
  readonly file: string;
  /** The 1-based line of the block's first line of code in that file. */
  readonly line: number;
  /** How far the block is indented there (inside a list item): taken off each line of `code`. */
  readonly indent: number;
  readonly code: string;
}

/** Every ```ts (or ```typescript) block of a Markdown text, with where it starts. */
export const extractSnippets = (file: string, markdown: string): Snippet[] => {
  const out: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.trimStart().startsWith(fence!); j++) body.push(lines[j]!.slice(indent!.length));
    if (j === lines.length) throw new Error(`${file}:${i + 1}: a code block that is never closed`);
    out.push({ file, line: i + 2, indent: indent!.length, code: body.join('\n') });
    i = j;
  }
  return out;
};

/** The names a snippet declares or imports at its top level (those its prelude must not declare again). */
export const topLevelNames = (code: string): Set<string> => {
  const source = ts.createSourceFile('snippet.mts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  const bind = (name: ts.BindingName | undefined) => {
    if (!name) return;
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bind(d.name);
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name)
      names.add(statement.name.text);
  }
  return names;
};

/**
 * The placeholders a document's snippets use without declaring them: values of the reader's own
 * application (a store, a logger, a database), or names an earlier block of the same document set
 * up (`client`, `net`). Library functions are never placeholders: a snippet imports what it uses
 * from canton-rx, so that it can be copied as it is. Each is appended to a snippet that does not
 * declare the name itself, after its code, so that the snippet's own line numbers stay as they are.
 */
export const preludeFor = (declarations: Readonly<Record<string, string>>, code: string): string => {
  const own = topLevelNames(code);
  return Object.entries(declarations)
    .filter(([name]) => !own.has(name))
    .map(([, declaration]) => declaration)
    .join('\n');
};
