import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { projectRoot } from '../helpers/paths';

/** A page, as a reader sees it: its text, one line per block element, empty lines dropped. */
export const textLines = (html: string): string[] =>
  html
    .replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?(div|p|li|ul|ol|h[1-6]|section|br|pre|tr|table|dt|dd|header|footer|nav|details|summary|aside)\b[^>]*>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

/** The longest page of the reference, in lines of text (the ScanGroup page had 9 296 before its types were named). */
const MAX_PAGE_LINES = 2000;
/** The longest member (a method with its overloads, a property) of a page; `scan.updates` had 955. */
const MAX_MEMBER_LINES = 120;

interface Part {
  readonly kind: 'text' | 'code' | 'inline-tag' | 'relative-link';
  readonly text: string;
  readonly tag?: string;
  readonly target?: unknown;
}
interface Comment {
  readonly summary: ReadonlyArray<Part>;
  readonly blockTags?: ReadonlyArray<{ readonly tag: string; readonly content: ReadonlyArray<Part> }>;
}
interface Reflection {
  readonly name: string;
  readonly kind: number;
  readonly comment?: Comment;
  readonly children?: ReadonlyArray<Reflection>;
  readonly signatures?: ReadonlyArray<Reflection>;
  readonly parameters?: ReadonlyArray<Reflection>;
  readonly getSignature?: Reflection;
  readonly documents?: ReadonlyArray<Reflection>;
  readonly type?: { readonly type: string; readonly declaration?: Reflection };
}

const INTERFACE = 256;

/** Every reflection of the project with its path, depth first. */
const walk = function* (r: Reflection, path: string): Generator<[string, Reflection]> {
  yield [path, r];
  for (const c of [...(r.children ?? []), ...(r.signatures ?? []), ...(r.parameters ?? [])]) yield* walk(c, `${path}.${c.name}`);
  if (r.type?.type === 'reflection' && r.type.declaration) yield* walk(r.type.declaration, path);
};

const partsOf = (c: Comment): Array<{ tag: string; parts: ReadonlyArray<Part> }> => [
  { tag: 'summary', parts: c.summary },
  ...(c.blockTags ?? []).map((b) => ({ tag: b.tag, parts: b.content })),
];

const hasExample = (r: Reflection): boolean =>
  [r, ...(r.signatures ?? []), ...(r.getSignature ? [r.getSignature] : [])].some((x) => x.comment?.blockTags?.some((b) => b.tag === '@example') === true);

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? htmlFiles(p) : p.endsWith('.html') ? [p] : [];
  });

/**
 * `npm run docs` (TypeDoc, typedoc.json) builds the API reference: a broken `{@link}` or relative
 * link, a mention of a docs page that does not exist, an export without TSDoc, or a public
 * signature that names an unexported type fails the build. The reference it writes is then read as a user meets it: its index lists the package's
 * entry points with a description, its pages stay short (types by name, not spelled out), every
 * method of the client's groups shows an example, and the docs pages it mentions are links.
 */
describe('the API reference (npm run docs)', function () {
  this.timeout(300_000);
  const out = mkdtempSync(join(tmpdir(), 'canton-rx-reference-'));
  let build: { code: number; output: string };
  let project: Reflection;
  let pages: string[];

  before(async () => {
    const typedoc = join(projectRoot, 'node_modules', 'typedoc', 'bin', 'typedoc');
    build = await new Promise((resolve) =>
      execFile(
        process.execPath,
        [typedoc, '--out', join(out, 'html'), '--json', join(out, 'api.json')],
        { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}${stderr}` }),
      ),
    );
    if (build.code === 0) {
      project = JSON.parse(readFileSync(join(out, 'api.json'), 'utf8')) as Reflection;
      pages = htmlFiles(join(out, 'html'));
    }
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('builds with no warning: every export documented, every link resolved', () => {
    assert.equal(build.code, 0, build.output);
    assert.doesNotMatch(build.output, /\[warning\]|\[error\]/, build.output);
  });

  it("lists every entry point of package.json's exports on its modules page, each with a description", () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
    const expected = Object.keys(pkg.exports)
      .filter((k) => k !== './package.json')
      .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`))
      .sort();
    const modules = (project.children ?? []).filter((c) => c.kind === 2);
    assert.deepEqual(modules.map((m) => m.name).sort(), expected, 'typedoc.json entryPoints (and each entry module\'s @module name) match package.json exports');
    const index = textLines(readFileSync(join(out, 'html', 'modules.html'), 'utf8')).join('\n');
    for (const m of modules) {
      const summary = (m.comment?.summary ?? []).map((p) => p.text).join('').split('\n\n')[0]!.trim();
      assert.ok(summary.length > 40, `${m.name} has a description`);
      const firstWords = textLines(summary.replace(/`/g, ''))[0]!.split(' ').slice(0, 6).join(' ');
      assert.ok(index.includes(`${m.name}\n${firstWords}`), `the modules page shows ${m.name} with its description (${firstWords} ...)`);
    }
  });

  it("opens on the README: its introduction, its examples and its list of guides, each guide's link to its page", () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const start = readFileSync(join(out, 'html', 'index.html'), 'utf8');
    const text = textLines(start).join(' ');
    const intro = textLines(readme.split('\n\n')[1]!.replace(/[*`]/g, '')).join(' ');
    assert.ok(text.includes(intro.slice(0, 80)), `the start page shows the README's introduction (${intro.slice(0, 80)} ...)`);
    assert.ok(start.includes('createClient'), "the start page shows the README's examples");
    for (const page of readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md'))) {
      assert.ok(start.includes(`href="documents/${page.replace(/\.md$/, '.html')}"`), `the start page links docs/${page}`);
    }
  });

  it('lists the guides one line each (title and summary), under the titles the navigation shows; scan and scans told apart', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const guides = readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''));
    const lines = new Map([...readme.matchAll(/^- \[([^\]]+)\]\(docs\/([\w-]+)\.md\): (.+)$/gm)].map((m) => [m[2]!, { title: m[1]!, summary: m[3]! }]));
    assert.deepEqual([...lines.keys()].sort(), [...guides].sort(), "the README's list of guides has one line for each page of docs/");
    for (const [page, { summary }] of lines) assert.ok(summary.length > 20 && summary.length < 140, `docs/${page}.md: a one-line summary`);
    const modules = textLines(readFileSync(join(out, 'html', 'modules.html'), 'utf8'));
    for (const [page, { title }] of lines) {
      assert.ok(modules.includes(title), `the reference lists docs/${page}.md as "${title}"`);
      assert.ok(readFileSync(join(out, 'html', 'documents', `${page}.html`), 'utf8').includes(`<title>${title.replace(/&/g, '&amp;')} | canton-rx</title>`), `docs/${page}.md's page is titled "${title}"`);
    }
    assert.match(lines.get('scan')!.title, /one Scan/);
    assert.match(lines.get('scans')!.title, /pool/);
  });

  it(`has no page over ${MAX_PAGE_LINES} lines and no member over ${MAX_MEMBER_LINES}: long types appear by name`, () => {
    const long: string[] = [];
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      const lines = textLines(html).length;
      if (lines > MAX_PAGE_LINES) long.push(`${relative(out, page)}: ${lines} lines`);
      for (const section of html.split('<section class="tsd-panel tsd-member').slice(1)) {
        const member = textLines(`<div${section.split('</section>')[0]!}`);
        if (member.length > MAX_MEMBER_LINES) long.push(`${relative(out, page)}, ${member[0]}: ${member.length} lines`);
      }
    }
    assert.deepEqual(long, []);
  });

  it('shows an example on every method and property of the client groups and their stream interfaces', () => {
    const groups = ['ScanGroup', 'LedgerGroup', 'ValidatorGroup', 'ScanPageStreams', 'LedgerPageStreams', 'LedgerWebSocketStreams', 'CantonClient'];
    const found = new Set<string>();
    const missing: string[] = [];
    for (const [path, r] of walk(project, '')) {
      if (r.kind !== INTERFACE || !groups.includes(r.name)) continue;
      found.add(r.name);
      for (const member of r.children ?? []) if (!hasExample(member)) missing.push(`${path.slice(1)}.${member.name}`);
    }
    assert.deepEqual([...found].sort(), [...groups].sort());
    assert.deepEqual(missing, []);
  });

  it('keeps wide tables inside their column, not under the sidebar (its own stylesheet)', () => {
    const css = readFileSync(join(out, 'html', 'assets', 'custom.css'), 'utf8');
    assert.match(css, /table\s*\{[^}]*overflow-x:\s*auto/);
    assert.ok(readFileSync(join(out, 'html', 'index.html'), 'utf8').includes('assets/custom.css'), 'the pages link it');
  });

  it('shows no @since later than the package version (the versions of the work before its first release)', () => {
    const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const numbers = (v: string) => v.trim().split('.').map((n) => Number.parseInt(n, 10) || 0);
    const later = (v: string) => {
      const [a, b] = [numbers(v), numbers(version)];
      for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
      return false;
    };
    const found: string[] = [];
    for (const [path, r] of walk(project, '')) for (const { tag, parts } of r.comment ? partsOf(r.comment) : []) if (tag === '@since' && later(parts.map((p) => p.text).join(''))) found.push(`${path.slice(1)}: @since ${parts.map((p) => p.text).join('')}`);
    assert.deepEqual(found.slice(0, 5), [], `${found.length} of them`);
  });

  it('links the docs pages it mentions, and shows no maintainers\' notes (source paths)', () => {
    const problems: string[] = [];
    // The reference shows each page under its title (the README's list of guides); its file is docs/<page>.md.
    const documents = new Set(readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, '')));
    for (const [path, r] of walk(project, '')) {
      if (!r.comment) continue;
      for (const { tag, parts } of partsOf(r.comment)) {
        parts.forEach((p, i) => {
          const where = `${path.slice(1)} (${tag})`;
          if (p.kind === 'relative-link' && /docs\/[\w-]+\.md$/.test(p.text) && p.target === undefined) problems.push(`${where}: ${p.text} does not resolve`);
          if (p.kind !== 'text' && p.kind !== 'code') return;
          if (p.kind === 'code' && p.text.startsWith('```')) return;
          // A link's label may name the page: `[docs/streams.md](<relative-link>)`, in code or not.
          const labels = parts[i + 1]?.kind === 'relative-link' || (parts[i + 1]?.text === '](' && parts[i + 2]?.kind === 'relative-link');
          const text = labels ? p.text.replace(/\[?[^[\]]*\]?\(?$/, '') : p.text;
          const mention = /(?<![\w/.])docs\/([\w-]+)\.md/.exec(text);
          if (mention) problems.push(`${where}: "${mention[0]}" is not a link${documents.has(mention[1]!) ? '' : ' (and no such page)'}`);
          const source = /(?<![\w/.-])(src|test|scripts|bench)\/[\w./-]+/.exec(text);
          if (source) problems.push(`${where}: names a source path "${source[0]}"`);
        });
      }
    }
    assert.deepEqual(problems, []);
    assert.equal((project.documents ?? []).length, documents.size, 'the docs pages are part of the reference (typedoc.json projectDocuments)');
  });
});
