import type { CliIo } from './types.js';

/**
 * The real process as a {@link CliIo}: `process.stdout`, `process.stderr`, `process.env`, and
 * SIGINT and SIGTERM as stop requests. A second signal while stopping ends the process at once
 * (exit 130), as shells expect of a second Ctrl-C.
 * @example
 * ```ts
 * const code = await runCli(process.argv.slice(2), processIo());
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const processIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  now: () => performance.now(),
  onStop: (handler) => {
    let asked = false;
    const listener = (signal: NodeJS.Signals) => {
      if (asked) process.exit(130);
      asked = true;
      handler(signal);
    };
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return () => {
      process.off('SIGINT', listener);
      process.off('SIGTERM', listener);
    };
  },
});
