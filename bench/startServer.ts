import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { BenchServerInfo } from './server';

/** The benchmark's server, running in a child process until `stop`. */
export interface BenchServer extends BenchServerInfo {
  /** The base URLs; with `slow`, of the routes that answer each page SLOW_MS later. */
  readonly scanUrl: (slow: boolean) => string;
  readonly ledgerUrl: (slow: boolean) => string;
  readonly stop: () => Promise<void>;
}

/** Starts bench/server.ts in a child process and waits until it listens on 127.0.0.1. */
export const startBenchServer = (): Promise<BenchServer> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'server.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with ${code} before listening`)));
    child.once('message', (message) => {
      const info = message as BenchServerInfo;
      resolve({
        ...info,
        scanUrl: (slow) => `http://127.0.0.1:${info.port}${slow ? '/slow' : ''}/api/scan`,
        ledgerUrl: (slow) => `http://127.0.0.1:${info.port}${slow ? '/slow' : ''}`,
        stop: async () => {
          // Closing the IPC channel makes the child exit (see server.ts).
          if (child.connected) child.disconnect();
          await exited;
        },
      });
    });
  });
