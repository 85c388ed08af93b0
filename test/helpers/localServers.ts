import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that was free a moment ago (for servers that cannot listen on port 0 and report it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Fails under CI (a missing server must not pass silently there), skips with the reason elsewhere. */
export const requireOrSkip = (ctx: Mocha.Context, missing: string | undefined): void => {
  if (missing === undefined) return;
  if (process.env.CI === 'true') throw new Error(`${missing}; CI must have it (.ci/run installs it)`);
  console.log(`      skipped: ${missing}`);
  ctx.skip();
};

/**
 * Tries `probe` every 25 ms until it succeeds, at most `attempts` times, or until `dead()` says the
 * server exited; then throws the last error. A bounded wait for a server to accept connections.
 */
export const waitUntilReady = async (probe: () => Promise<void>, dead: () => boolean, attempts = 200): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await probe();
      return;
    } catch (e) {
      if (attempt >= attempts || dead()) throw e;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
};

/** Stops a server process with `signal` (if it still runs) and waits until it has exited. */
export const stopChild = async (child: ChildProcess, signal: NodeJS.Signals): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
};
