import { readFileSync } from 'node:fs';
import { UsageError } from './UsageError.js';

/**
 * The bearer token: the contents of `--token-file` (trimmed), else `CANTON_RX_TOKEN`, else none.
 * There is deliberately no token flag: a flag shows in `ps` and in shell history. The file is
 * read on every request, so a token refreshed in place (a mounted secret) is picked up; an
 * unreadable file is bad usage, named by its path and never quoted.
 * @example
 * ```ts
 * const token = readToken('/run/secrets/ledger-token', process.env); // () => string
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const readToken = (tokenFile: string | undefined, env: Readonly<Record<string, string | undefined>>): (() => string) | undefined => {
  if (tokenFile !== undefined) {
    const read = (): string => readFileSync(tokenFile, 'utf8').trim();
    let first: string;
    try {
      first = read();
    } catch (e) {
      throw new UsageError(`cannot read the token file ${tokenFile} (--token-file): ${(e as { code?: string }).code ?? 'unreadable'}`);
    }
    if (first.length === 0) throw new UsageError(`the token file ${tokenFile} (--token-file) is empty`);
    return read;
  }
  const fromEnv = env['CANTON_RX_TOKEN']?.trim();
  return fromEnv ? () => fromEnv : undefined;
};
