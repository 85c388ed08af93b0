import { readFileSync } from 'node:fs';
import type { CliOperation } from './singleShotOperations.js';
import { UsageError } from './UsageError.js';

/**
 * The arguments of a `canton-rx get` operation from the words after its name: strings as given,
 * numbers parsed, JSON parsed (or read from a file given as `@file.json`). The request itself is
 * checked by the library (a bad one is an `InvalidRequest` naming the field, exit 1); here only
 * what cannot be sent at all is bad usage.
 * @example
 * ```ts
 * parseOperationArgs(op, ['{"page_size": 10}']); // [{ page_size: 10 }]
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const parseOperationArgs = (op: CliOperation, words: ReadonlyArray<string>, usage: string): unknown[] => {
  const required = op.args.filter((a) => a.optional !== true).length;
  if (words.length < required || words.length > op.args.length) {
    const count = required === op.args.length ? `${required}` : `${required} to ${op.args.length}`;
    throw new UsageError(`${op.method} takes ${count} argument${op.args.length === 1 ? '' : 's'}: canton-rx get ${usage}`);
  }
  return op.args.slice(0, words.length).map((arg, i) => {
    const word = words[i]!;
    if (arg.kind === 'string') return word;
    if (arg.kind === 'number') {
      if (!/^-?\d+$/.test(word)) throw new UsageError(`<${arg.name}> must be a whole number, got ${JSON.stringify(word)}`);
      return Number(word);
    }
    let text = word;
    if (word.startsWith('@')) {
      try {
        text = readFileSync(word.slice(1), 'utf8');
      } catch (e) {
        throw new UsageError(`<${arg.name}>: cannot read ${word.slice(1)}: ${(e as { code?: string }).code ?? 'error'}`);
      }
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new UsageError(`<${arg.name}> must be JSON (or @file.json): ${(e as Error).message}`);
    }
  });
};
