import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, stopChild } from './localServers';
import { projectRoot } from './paths';

/** A Prism mock server of one bundled spec (test/fixtures/specs), on 127.0.0.1. */
export interface PrismServer {
  /** The server root: Prism serves the spec's paths without the `servers` base path. */
  readonly url: string;
  stop(): Promise<void>;
}

const PRISM = join(projectRoot, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/**
 * Starts `prism mock` (static answers: the spec's examples, else values built from its schemas)
 * for `spec` on a free port and resolves once it listens; rejects with its output if it exits
 * first or does not listen within `timeoutMs`.
 */
export const startPrism = async (spec: string, timeoutMs = 60_000): Promise<PrismServer> => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), spec], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopChild(child, 'SIGTERM').then(() => reject(new Error(`prism did not listen within ${timeoutMs} ms:\n${output.slice(-2000)}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
  // Prism logs every request; nobody reads it any more, so let it drain.
  child.stdout!.resume();
  child.stderr!.resume();
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child, 'SIGTERM') };
};
