/**
 * What the command line needs of its process, so that the commands run the same in a test
 * (strings captured, signals sent by hand) as in a terminal.
 */

/**
 * A stream the command writes to: `process.stdout`, `process.stderr`, or a test's capture.
 * @category CLI
 * @since 0.3.0
 */
export interface CliWritable {
  /** Writes a chunk; `false` asks the writer to wait for `'drain'` before writing more. */
  write(chunk: string): boolean;
  /** Registers a one-time listener; only `'drain'` is used. */
  once(event: 'drain', listener: () => void): unknown;
  /** True when the stream is a terminal (a live progress line instead of JSON lines). */
  readonly isTTY?: boolean;
}

/**
 * The process around a command: its output streams, environment, clock and stop requests.
 * @category CLI
 * @since 0.3.0
 */
export interface CliIo {
  readonly stdout: CliWritable;
  readonly stderr: CliWritable;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Milliseconds of a monotonic clock, for rates. */
  readonly now: () => number;
  /** Calls `handler` on a stop request (Ctrl-C, SIGTERM); answers a function that unregisters it. */
  readonly onStop: (handler: (signal: string) => void) => () => void;
}

/**
 * What each command is built with: the process, and where its action leaves the exit code.
 * @category CLI
 * @since 0.3.0
 */
export interface CommandContext {
  readonly io: CliIo;
  /** Called by an action with its exit code (0, 1 or 2). */
  readonly exit: (code: number) => void;
}
