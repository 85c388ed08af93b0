/** A fenced TypeScript block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the project root (README.md, docs/streams.md). */
  readonly file: string;
  /** The 1-based line of the block's first line of code in that file. */
  readonly line: number;
  /** How far the block is indented there (inside a list item): taken off each line of `code`. */
  readonly indent: number;
  readonly code: string;
  /**
   * A block marked ```` ```ts fragment ````: part of a larger program on purpose (a method of an
   * interface, one option among others). It is type-checked after the page's previous complete
   * block, whose names it uses; every other block is a whole module, as a reader would copy it.
   */
  readonly fragment: boolean;
  /** The name of a `<!-- example: name -->` comment on the line before the block: a test runs it. */
  readonly example?: string;
}

/** Every ```ts (or ```typescript) block of a Markdown text, with where it starts and how it is marked. */
export const extractSnippets = (file: string, markdown: string): Snippet[] => {
  const out: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, , info] = open;
    const words = info!.trim().split(/\s+/).filter((w) => w !== '');
    if (words.some((w) => w !== 'fragment')) throw new Error(`${file}:${i + 1}: unknown words after the language: ${info!.trim()} (only "fragment" is known)`);
    const example = i > 0 ? /^\s*<!--\s*example:\s*([\w-]+)\s*-->\s*$/.exec(lines[i - 1]!)?.[1] : undefined;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.trimStart().startsWith(fence!); j++) body.push(lines[j]!.slice(indent!.length));
    if (j === lines.length) throw new Error(`${file}:${i + 1}: a code block that is never closed`);
    out.push({ file, line: i + 2, indent: indent!.length, code: body.join('\n'), fragment: words.includes('fragment'), ...(example !== undefined ? { example } : {}) });
    i = j;
  }
  return out;
};
