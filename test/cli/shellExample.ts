import { runCli } from '../../src/cli/runCli';
import { fakeIo } from './fakeIo';

/**
 * Splits one shell line as sh would for the simple lines the docs print: words, single and
 * double quotes, a `# comment`, a pipe (what follows it is the reader's, dropped) and a `> file`
 * redirection (dropped: stdout is captured).
 */
export const shellWords = (line: string): string[] => {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word = (word ?? '') + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if ((c === '#' && word === undefined) || c === '|') break;
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  const redirect = words.indexOf('>');
  return redirect === -1 ? words : words.slice(0, redirect);
};

export interface ExampleRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a printed `canton-rx ...` (or `npx canton-rx ...`) line through `runCli` with `env`. A
 * command that does not end by itself (`--follow`, `demo`) is sent Ctrl-C once its output has
 * been quiet for a moment, as a user would (and after 20 s at the latest).
 */
export const runShellExample = async (line: string, env: Record<string, string>): Promise<ExampleRun> => {
  const words = shellWords(line.replace(/^\s*\$\s*/, ''));
  const start = words[0] === 'npx' ? 1 : 0;
  if (words[start] !== 'canton-rx') throw new Error(`not a canton-rx command: ${line}`);
  const run = fakeIo(env);
  let done = false;
  const finished = runCli(words.slice(start + 1), run.io).finally(() => (done = true));
  let seen = -1;
  let quietFor = 0;
  for (let waited = 0; !done; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    const size = run.stdout.text.length + run.stderr.text.length;
    quietFor = size === seen ? quietFor + 50 : 0;
    seen = size;
    if (quietFor >= 800 || waited >= 20_000) {
      run.stop();
      break;
    }
  }
  const code = await finished;
  return { code, stdout: run.stdout.text, stderr: run.stderr.text };
};
