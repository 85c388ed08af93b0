// TypeDoc plugin (typedoc.json "plugin"), two things TypeDoc does not do by itself:
// - signatures and properties show their types as the source writes them, by name, where TypeDoc
//   would print the resolved type;
// - a comment's mention of a docs page ("see docs/streams.md") links to that page of the reference
//   (typedoc.json projectDocuments); a mention of a page that does not exist fails the build;
// - the guides (docs/*.md) are shown under their titles in the navigation, as the README's list of
//   guides (the start page) names them, one line each, title and summary (so that `scan`, one
//   Scan's operations, and `scans`, a pool of Scans, are told apart); a page of docs/ missing from
//   that list fails the build.
//
// Why: TypeDoc converts a signature's parameter and return types from the checker's resolved types,
// and TypeScript keeps no alias name on a type that an alias does not create itself. Every codec
// type is `t.TypeOf<typeof X>`, so `Result<codecs.scan.UpdateHistoryItemV2>` printed as ~80 lines
// of object types, once per overload and again in the page's outline: the ScanGroup page was about
// 9 000 lines. Converted from the declaration's type node instead, the same type prints as
// `Result<UpdateHistoryItemV2>` linked to its own page.
//
// The node is used only where it names what the resolved type spells out (it prints shorter), and
// never where it mentions a type parameter of an enclosing interface: an inherited member such as
// `StreamOptions<C>.from` must keep its instantiated type (`ScanCheckpoint`), not `C`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { Converter, IntrinsicType, ReflectionKind, RendererEvent, UnionType } from 'typedoc';

const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs').replace(/\\/g, '/');

/** True if `node` refers to a type parameter declared outside `owner` (a signature's own are fine). */
const mentionsOuterTypeParameter = (checker, node, owner) => {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isTypeReferenceNode(n)) {
      const symbol = checker.getSymbolAtLocation(n.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.TypeParameter) {
        const declaredIn = symbol.declarations?.[0]?.parent;
        if (declaredIn !== owner) found = true;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
};

const withoutUndefined = (type) => {
  if (!(type instanceof UnionType)) return type;
  const types = type.types.filter((t) => !(t instanceof IntrinsicType && t.name === 'undefined'));
  return types.length === 1 ? types[0] : new UnionType(types);
};

/** The type converted from `node` if that reads shorter than `resolved`, else `resolved`. */
const declared = (context, scope, resolved, node, owner, optional) => {
  if (!node || resolved === undefined || ts.isTypePredicateNode(node) || node.kind === ts.SyntaxKind.ThisType) return resolved;
  if (mentionsOuterTypeParameter(context.checker, node, owner)) return resolved;
  let written = context.converter.convertType(context.withScope(scope), node);
  if (optional) written = withoutUndefined(written);
  return written.toString().length < resolved.toString().length ? written : resolved;
};

/**
 * The guides' titles, from the README's list of them (`- [Title](docs/page.md): summary`, one line
 * a guide): the one list of guides, on GitHub and npm as on the reference's start page.
 */
const guideTitles = () => {
  const readme = readFileSync(join(docsDir, '..', 'README.md'), 'utf8');
  return new Map([...readme.matchAll(/^- \[([^\]]+)\]\(docs\/([\w-]+)\.md\): \S/gm)].map((m) => [m[2], m[1]]));
};

/** Every guide is on the README's list; a page missing from it fails the build. */
const checkGuides = (project, warn) => {
  const titles = guideTitles();
  for (const doc of project.documents ?? []) if (!titles.has(doc.name)) warn(`docs/${doc.name}.md is not on the README's list of guides (a line "- [Title](docs/${doc.name}.md): summary")`);
};

/** Shows each guide under its title; called once the pages have their addresses (docs/<page>.html stays). */
const titleGuides = (project) => {
  const titles = guideTitles();
  for (const doc of project.documents ?? []) doc.name = titles.get(doc.name) ?? doc.name;
};

const MENTION = /(?<![\w/.[])docs\/([\w-]+)\.md(?!\]\()/g;

/**
 * The parts of a comment with each docs page mention made a markdown link to the page, as TypeDoc
 * writes a relative link: `[docs/x.md](`, a relative-link part to the page's file, `)`. A mention
 * in inline code keeps its code as the link's label; code blocks are left alone.
 */
const linkMentions = (project, parts, warn) =>
  parts.flatMap((part) => {
    if ((part.kind !== 'text' && part.kind !== 'code') || (part.kind === 'code' && part.text.startsWith('```'))) return [part];
    const out = [];
    let at = 0;
    for (const m of part.text.matchAll(MENTION)) {
      const target = project.files.pathToMedia.get(`${docsDir}/${m[1]}.md`);
      if (target === undefined || project.files.resolve(target, project) === undefined) {
        warn(`"${m[0]}" names no page of docs/ (typedoc.json projectDocuments)`);
        continue;
      }
      if (part.kind === 'code') return [{ kind: 'text', text: '[' }, part, { kind: 'text', text: '](' }, { kind: 'relative-link', text: m[0], target }, { kind: 'text', text: ')' }];
      out.push({ kind: 'text', text: `${part.text.slice(at, m.index)}[${m[0]}](` }, { kind: 'relative-link', text: m[0], target }, { kind: 'text', text: ')' });
      at = m.index + m[0].length;
    }
    if (out.length === 0) return [part];
    if (at < part.text.length) out.push({ kind: 'text', text: part.text.slice(at) });
    return out;
  });

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, declaration) => {
    if (!declaration || !('parameters' in declaration)) return;
    signature.type = declared(context, signature, signature.type, declaration.type, declaration, false);
    const nodes = declaration.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'));
    if (signature.parameters === undefined || nodes.length !== signature.parameters.length) return;
    const inSignature = context.withScope(signature);
    signature.parameters.forEach((parameter, i) => {
      parameter.type = declared(inSignature, parameter, parameter.type, nodes[i].type, declaration, parameter.flags.isOptional);
    });
  });
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property)) return;
    const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    if (!declaration || !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))) return;
    // A property's scope is its own reflection; its context is its parent's.
    reflection.type = declared(context, reflection, reflection.type, declaration.type, declaration, reflection.flags.isOptional);
  });
  // The package's own version: a `@since` later than it (a version of the work before its first
  // release) would tell a reader of 0.1.0 that an API is newer than their package.
  const version = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8')).version;
  const later = (since) => {
    const [a, b] = [since, version].map((v) => v.trim().split('.').map((n) => Number.parseInt(n, 10) || 0));
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return false;
  };
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    for (const reflection of Object.values(project.reflections)) {
      const warn = (message) => app.logger.warn(`${reflection.getFriendlyFullName()}: ${message}`);
      const { comment } = reflection;
      if (comment) comment.blockTags = comment.blockTags.filter((tag) => tag.tag !== '@since' || !later(tag.content.map((p) => p.text).join('')));
      if (comment) {
        comment.summary = linkMentions(project, comment.summary, warn);
        for (const tag of comment.blockTags) tag.content = linkMentions(project, tag.content, warn);
      }
      if (reflection.kindOf(ReflectionKind.Document)) reflection.content = linkMentions(project, reflection.content, warn);
    }
    checkGuides(project, (message) => app.logger.warn(message));
  });
  app.renderer.on(RendererEvent.BEGIN, (event) => titleGuides(event.project));
}
