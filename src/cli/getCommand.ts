import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, Subject, takeUntil, type Observable } from 'rxjs';
import { createClient } from '../clientFactory/createClient.js';
import type { CantonError } from '../errors/CantonError.js';
import { isRetryableRead } from '../errors/isRetryableRead.js';
import { retryBackoff } from '../retry/retryBackoff.js';
import { connectionConfig, type ConnectionFlags } from './connectionConfig.js';
import { poolEventReporter } from './poolEventReporter.js';
import { errorFields } from './errorFields.js';
import { errorHint } from './errorHint.js';
import { parseOperationArgs } from './parseOperationArgs.js';
import { progressReporter } from './progressReporter.js';
import { operationUsage, resolveOperation } from './resolveOperation.js';
import { retryConfig } from './retryConfig.js';
import type { CliOperation } from './singleShotOperations.js';
import type { CommandContext } from './types.js';
import { UsageError } from './UsageError.js';
import { withConnectionOptions } from './withConnectionOptions.js';
import { writeLine } from './writeLine.js';

interface Flags extends ConnectionFlags {
  readonly list?: boolean;
  readonly format?: 'ndjson' | 'json';
  readonly quiet?: boolean;
}

const table = (operations: ReadonlyArray<CliOperation>): string =>
  (['scan', 'ledger', 'validator', 'registry'] as const)
    .map((g) => `  ${g}:\n${operations.filter((o) => o.group === g).map((o) => `    ${operationUsage(o, operations)}${o.deprecated ? '   (deprecated upstream)' : ''}`).join('\n')}`)
    .join('\n');

/**
 * Adds `canton-rx get <operation> [args...]`: one single-shot read of a client group, its
 * decoded answer printed as one JSON line (or pretty JSON with `--format json`). Driven by a
 * table of operations: the library's `operationIndex` through `operationsFromIndex`, with the
 * argument names and examples of `singleShotOperations` where it knows the method.
 * @example
 * ```ts
 * getCommand(program, context, singleShotOperations);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const getCommand = (program: Command, context: CommandContext, operations: ReadonlyArray<CliOperation>): Command => {
  const examples = operations
    // Reads that answer on any network, so that each example runs as printed.
    .filter((o) => ['getDsoPartyId', 'getUpdateHistoryV2', 'getLedgerEnd'].includes(o.method))
    .map((o) => `  $ canton-rx get ${operationUsage(o, operations).replace(/ <.*$/, '')}${o.example === undefined ? '' : ` ${o.example}`}`)
    .join('\n');
  const command = program
    .command('get')
    .description('one single-shot read (an operation of the scan, ledger, validator or registry group), printed as JSON')
    .argument('[operation]', 'the operation: its method name, or group.method')
    .argument('[args...]', 'its arguments: strings, numbers, or JSON (or @file.json) for request bodies')
    .option('--list', 'list the operations and their arguments')
    .option('--format <format>', 'ndjson: one line; json: indented', 'ndjson')
    .option('-q, --quiet', 'no progress on stderr (errors still)');
  withConnectionOptions(command, ['scan', 'ledger', 'validator', 'registry']);
  return command.addHelpText('after', `\nOperations:\n${table(operations)}\n\nExamples:\n${examples}\n  $ canton-rx get --list`).action(async (name: string | undefined, words: string[], flags: Flags) => {
    if (flags.list === true || name === undefined) {
      if (name === undefined && flags.list !== true) throw new UsageError('give an operation (canton-rx get --list shows them)');
      context.io.stdout.write(`${table(operations)}\n`);
      return context.exit(0);
    }
    if (flags.format !== 'ndjson' && flags.format !== 'json') throw new UsageError(`--format must be ndjson or json, got ${JSON.stringify(flags.format)}`);
    const op = resolveOperation(name, operations);
    const args = parseOperationArgs(op, words, operationUsage(op, operations));
    const client = createClient(connectionConfig(flags, context.io.env, [op.group], poolEventReporter(context.io, `get ${op.method}`, flags.quiet === true)));
    const group = client[op.group] as unknown as Record<string, ((...a: unknown[]) => Observable<E.Either<CantonError, unknown>>) | undefined>;
    const call = group[op.method];
    if (typeof call !== 'function') throw new UsageError(`the ${op.group} group has no method ${op.method}`);
    const progress = progressReporter(context.io, `get ${op.method}`, flags.quiet === true);
    const stop = new Subject<void>();
    const unregister = context.io.onStop(() => stop.next());
    const retry = retryConfig(flags, false, ({ error }) => progress.retry(error));
    const source = call.apply(group, args);
    let result: E.Either<CantonError, unknown> | undefined;
    try {
      result = await lastValueFrom((retry === undefined ? source : source.pipe(retryBackoff({ ...retry, shouldRetry: isRetryableRead }))).pipe(takeUntil(stop)), { defaultValue: undefined });
    } finally {
      unregister();
    }
    if (result === undefined) return context.exit(0);
    if (E.isLeft(result)) {
      progress.error(errorFields(result.left, errorHint(result.left, flags, context.io.env)));
      return context.exit(1);
    }
    // A binary answer (a DAR, a bulk object) as JSON: its size and its bytes in base64.
    const value = result.right instanceof Uint8Array ? { byteLength: result.right.byteLength, base64: Buffer.from(result.right).toString('base64') } : result.right;
    await writeLine(context.io.stdout, flags.format === 'json' ? JSON.stringify(value, null, 2) : JSON.stringify(value));
    context.exit(0);
  });
};
