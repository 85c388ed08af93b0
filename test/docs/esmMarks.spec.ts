import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/** The ```ts blocks of a Markdown text. */
const tsBlocks = (text: string): string[] => [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** A top-level `await` (`await x`, `for await`) outside any function: a line that starts with it. */
const awaitsAtTopLevel = (block: string): boolean => block.split('\n').some((line) => /^(for )?await\b/.test(line) || /^(const|let) .*= await\b/.test(line));

/**
 * A README example with a top-level await runs only as an ES module (a CommonJS file refuses it
 * with a SyntaxError a new user does not expect): such a block says so in its first line.
 */
describe("the README's examples with a top-level await say they are ES modules", () => {
  it('each such block opens with a comment naming an ES module (.mjs / .mts, or "type": "module")', () => {
    const blocks = tsBlocks(readFileSync(join(root, 'README.md'), 'utf8')).filter(awaitsAtTopLevel);
    assert.ok(blocks.length > 0, 'no README example with a top-level await: the check went untested');
    for (const block of blocks) assert.match(block.split('\n')[0]!, /^\/\/ .*ES module/, `this example awaits at its top level but does not say it is an ES module:\n${block.slice(0, 200)}`);
  });
});
