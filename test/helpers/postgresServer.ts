import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, stopChild, waitUntilReady } from './localServers';

/** A PostgreSQL server of the machine's, started for one test file in a temporary folder. */
export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication: no password). */
  readonly url: string;
  connect(): Promise<pg.Client>;
  stop(): Promise<void>;
}

/** The folder of `initdb` and `postgres`: $PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
export const postgresBin = (): string | undefined => {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
};

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export const postgresMissing = (): string | undefined =>
  postgresBin() === undefined ? 'PostgreSQL server programs not found (install postgresql-15, or set PG_BIN to the folder of initdb and postgres)' : undefined;

/** initdb refuses to run as root: run the server programs as the `postgres` user then. */
const runAs = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
};

/**
 * initdb into a temporary folder, then `postgres` on a free 127.0.0.1 port (its socket in the same
 * folder), waiting (bounded) until it accepts connections. `stop()` shuts it down and removes the
 * folder. Durability settings are relaxed (fsync off): the tests kill clients, not the server.
 */
export const startPostgres = async (): Promise<PostgresServer> => {
  const bin = postgresBin();
  if (bin === undefined) throw new Error(postgresMissing());
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-pg-'));
  const as = runAs();
  if (as) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  const options = { ...(as ?? {}), stdio: ['ignore', 'pipe', 'pipe'] as Array<'ignore' | 'pipe'> };
  try {
    execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...options, encoding: 'utf8' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const port = await freePort();
  const server = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'], options);
  let log = '';
  server.stderr?.on('data', (c: Buffer) => (log = (log + c.toString('utf8')).slice(-4000)));
  server.stdout?.resume();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const stop = async () => {
    await stopChild(server, 'SIGINT');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(
      async () => (await connect()).end(),
      () => server.exitCode !== null,
    );
  } catch (e) {
    await stop();
    throw new Error(`postgres did not start: ${(e as Error).message}\n${log}`);
  }
  return { port, url, connect, stop };
};
