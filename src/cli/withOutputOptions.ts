import { Option, type Command } from 'commander';

/**
 * Adds the output options of the streaming commands: format, `--resume`, `--quiet`, and where
 * the stream allows them `--out` (its items carry their checkpoint) and `--sink` (the durable
 * sinks take update streams).
 * @example
 * ```ts
 * withOutputOptions(program.command('updates'), { out: true, resume: true, sink: true });
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const withOutputOptions = (command: Command, can: { readonly out: boolean; readonly resume: boolean; readonly sink: boolean }): Command => {
  command.addOption(new Option('--format <format>', 'ndjson: one item a line; json: one JSON array').choices(['ndjson', 'json']).default('ndjson'));
  if (can.out) command.option('--out <file>', 'append to this NDJSON file, its own checkpoint: a rerun continues after its last whole line (exactly once)');
  if (can.resume) command.option('--resume <file>', 'keep the checkpoint in this file (atomic writes); a rerun continues after the last line written');
  if (can.sink) {
    command
      .option('--sink <uri>', 'write through a durable sink instead: postgres://..., pglite:DIR, nats://..., duckdb:FILE or parquet:DIR')
      .option('--sink-name <name>', 'the feed name in the sink (default: the stream, e.g. scan.updates)');
  }
  return command.option('-q, --quiet', 'no progress on stderr (errors still)');
};
