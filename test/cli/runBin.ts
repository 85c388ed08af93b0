import { spawn } from 'node:child_process';
import { dirname } from 'node:path';

export interface BinRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface BinOptions {
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** Sends `signal` once stdout holds this many whole lines (counted over the run's output). */
  readonly signalAtLine?: number;
  readonly signal?: NodeJS.Signals;
  /** Sends `signal` once this answers true, asked every few milliseconds (for output that goes to a file). */
  readonly signalWhen?: () => boolean;
  /** Called on each whole stdout line as it arrives (e.g. to grow the network). */
  readonly onLine?: (count: number) => void;
}

/**
 * Runs the installed `canton-rx` with a clean environment (only PATH, so the node running the
 * tests is the one `#!/usr/bin/env node` finds, and what the test gives), collecting its output.
 */
export const runBin = (bin: string, args: ReadonlyArray<string>, options: BinOptions = {}): Promise<BinRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(bin, [...args], {
      cwd: options.cwd,
      env: { PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let lines = 0;
    let signalled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      for (const c of chunk) {
        if (c !== '\n') continue;
        lines++;
        options.onLine?.(lines);
        if (!signalled && options.signalAtLine !== undefined && lines >= options.signalAtLine) {
          signalled = true;
          child.kill(options.signal ?? 'SIGKILL');
        }
      }
    });
    const poll =
      options.signalWhen === undefined
        ? undefined
        : setInterval(() => {
            if (!signalled && options.signalWhen!()) {
              signalled = true;
              child.kill(options.signal ?? 'SIGKILL');
            }
          }, 3);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (poll !== undefined) clearInterval(poll);
      resolve({ code, signal, stdout, stderr });
    });
  });
