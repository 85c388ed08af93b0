import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { connect as connectModular } from '@nats-io/transport-node';
import { freePort, stopChild, waitUntilReady } from './localServers';

/** A connection of the modular client (its type by inference: its declarations re-export a subpath the node10 resolution cannot follow). */
type ModularConnection = Awaited<ReturnType<typeof connectModular>>;

/** A nats-server with JetStream, started for one test file with its store in a temporary folder. */
export interface NatsServer {
  readonly url: string;
  /** A connection of `nats` 2.x. */
  connect(): Promise<NatsConnection>;
  /** A connection of the modular client, `@nats-io/transport-node` 3.x. */
  connectModular(): Promise<ModularConnection>;
  stop(): Promise<void>;
}

/** The nats-server program: $NATS_SERVER, else the one on PATH. */
export const natsServerBin = (): string | undefined => {
  if (process.env.NATS_SERVER) return existsSync(process.env.NATS_SERVER) ? process.env.NATS_SERVER : undefined;
  try {
    return execFileSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
};

/** Why the NATS tests cannot run here, or undefined when they can. */
export const natsMissing = (): string | undefined => (natsServerBin() === undefined ? 'nats-server not found (apt-get install -y nats-server, or set NATS_SERVER)' : undefined);

/** Starts nats-server -js on a free 127.0.0.1 port and waits (bounded) until it accepts a connection. */
export const startNats = async (): Promise<NatsServer> => {
  const bin = natsServerBin();
  if (bin === undefined) throw new Error(natsMissing());
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-nats-'));
  const port = await freePort();
  const server = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (c: Buffer) => (log = (log + c.toString('utf8')).slice(-4000));
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const url = `nats://127.0.0.1:${port}`;
  const open = (): Promise<NatsConnection> => connect({ servers: url, reconnect: false });
  const stop = async () => {
    await stopChild(server, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(
      async () => (await open()).close(),
      () => server.exitCode !== null,
    );
  } catch (e) {
    await stop();
    throw new Error(`nats-server did not start: ${(e as Error).message}\n${log}`);
  }
  return { url, connect: open, connectModular: () => connectModular({ servers: url, reconnect: false }), stop };
};
