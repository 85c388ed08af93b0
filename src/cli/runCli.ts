import { CommanderError } from 'commander';
import { buildProgram } from './buildProgram.js';
import type { CliOperation } from './singleShotOperations.js';
import type { CliIo } from './types.js';
import { UsageError } from './UsageError.js';

/**
 * Runs `canton-rx` with its arguments (without `node` and the script) and answers the exit code:
 * 0 done (or stopped on request), 1 a `Left` ended the command (printed on stderr as a JSON
 * line), 2 bad usage (the message, then a hint to `--help`). Anything else thrown is a defect and
 * rejects.
 * @example
 * ```ts
 * process.exitCode = await runCli(['scan', 'updates', '--out', 'history.ndjson'], processIo());
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const runCli = async (argv: ReadonlyArray<string>, io: CliIo, operations?: ReadonlyArray<CliOperation>): Promise<number> => {
  let code = 0;
  const program = buildProgram({ io, exit: (c) => (code = c) }, operations);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (e) {
    // Help and version end through exitOverride too, with exit code 0.
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      io.stderr.write(`canton-rx: ${e.message}\n(add --help for usage and examples)\n`);
      return 2;
    }
    throw e;
  }
};
