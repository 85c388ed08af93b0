/**
 * CLI `--resume FILE` against the same read without a checkpoint (issue 30, goal >= 0.8x), with
 * the baseline beside it: a save per line (the store's atomic, fsync'ed save after each item, as
 * the CLI did before), and `--out FILE`. Every contender runs `runRecordStream` (or the same loop)
 * in this process against the bench server in a child process (5000 MainNet items in pages of
 * 500, answered at once), its stdout a file written with one `write` per line, as a shell's
 * `> file` is. Paired rounds, interleaved, each contender first in turn; items/s and the client
 * process's CPU time (user + system) per item, medians with the lowest and highest round.
 * `BENCH_RESUME_ROUNDS` (default 9).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as E from 'fp-ts/lib/Either.js';
import { runRecordStream } from '../src/cli/runRecordStream';
import { scanUpdatesPlan } from '../src/cli/scanUpdatesCommand';
import type { CliIo } from '../src/cli/types';
import { fileCheckpointStore } from '../src/checkpoints/fileCheckpointStore';
import { checkpointOf } from '../src/streams/checkpointOf';
import { toAsyncIterable } from '../src/streams/toAsyncIterable';
import { createClient } from '../src/clientFactory/createClient';
import { PAGE_SIZE } from './server';
import { startBenchServer } from './startServer';
import { median, spread } from './stats';

const ROUNDS = Number(process.env['BENCH_RESUME_ROUNDS'] ?? 9);
/** The save-per-line baseline reads only this many items: at a few ms an fsync, the whole history would take minutes. */
const SAVE_PER_LINE_ITEMS = 300;

/** A CLI's io whose stdout is a file (one synchronous write a line, as `> file`), stderr dropped. */
const fileIo = (fd: number): CliIo => ({
  stdout: { write: (chunk) => (writeSync(fd, chunk), true), once: () => undefined },
  stderr: { write: () => true, once: () => undefined },
  env: {},
  now: () => performance.now(),
  onStop: () => () => undefined,
});

interface Run {
  readonly items: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
}

export const benchResume = async (): Promise<void> => {
  const server = await startBenchServer();
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-bench-resume-'));
  try {
    const client = createClient({ scan: { url: server.scanUrl(false) } });
    const plan = () => scanUpdatesPlan(client, { version: 'v2', pageSize: PAGE_SIZE, pollInterval: 1000 });
    const timed = async (body: (io: CliIo) => Promise<number>): Promise<Run> => {
      // Each run starts without a checkpoint: every contender reads the whole history.
      rmSync(join(dir, 'f'), { recursive: true, force: true });
      mkdirSync(join(dir, 'f'));
      const fd = openSync(join(dir, 'f', 'stdout'), 'w');
      const cpu = process.cpuUsage();
      const start = performance.now();
      const items = await body(fileIo(fd));
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      closeSync(fd);
      return { items, seconds, cpuSeconds: (used.user + used.system) / 1e6 };
    };
    const viaCli =
      (flags: (files: string) => { resume?: string; out?: string }) =>
      (io: CliIo): Promise<number> => {
        let n = 0;
        const p = plan();
        // Counted where every contender passes once an item, whether it writes to stdout or to --out.
        const counted = { ...p, checkpointOf: (item: Parameters<typeof p.checkpointOf>[0]) => (n++, p.checkpointOf(item)) };
        return runRecordStream(io, counted, { quiet: true, ...flags(join(dir, 'f')) }).then((code) => {
          if (code !== 0) throw new Error(`exit ${code}`);
          return n;
        });
      };
    // The CLI before issue 30: after each line, the store's save (lock file, temporary file, two fsyncs, rename, directory fsync).
    const savePerLine = async (io: CliIo): Promise<number> => {
      const store = fileCheckpointStore(join(dir, 'f', 'cp.json'));
      let revision = 0;
      let n = 0;
      const it = toAsyncIterable((pull) => client.scan.updates({ page_size: PAGE_SIZE }, { pull }))[Symbol.asyncIterator]();
      try {
        while (n < SAVE_PER_LINE_ITEMS) {
          const next = await it.next();
          if (next.done === true) break;
          if (E.isLeft(next.value)) throw new Error(next.value.left._tag);
          io.stdout.write(`${JSON.stringify(next.value.right)}\n`);
          const cp = checkpointOf(next.value.right);
          if (cp === undefined) throw new Error('an item without a checkpoint');
          const saved = await store.save(cp, revision);
          if (E.isLeft(saved)) throw new Error(saved.left.message);
          revision = saved.right;
          n++;
        }
      } finally {
        await it.return?.();
      }
      return n;
    };
    const contenders: Array<[string, (io: CliIo) => Promise<number>]> = [
      ['stdout, no checkpoint', viaCli(() => ({}))],
      ['--resume FILE', viaCli((files) => ({ resume: join(files, 'cp.json') }))],
      ['--out FILE', viaCli((files) => ({ out: join(files, 'out.ndjson') }))],
      [`a save per line (before; first ${SAVE_PER_LINE_ITEMS} items)`, savePerLine],
    ];
    const runs = new Map<string, Run[]>(contenders.map(([name]) => [name, []]));
    // One warm-up round, then paired rounds, each contender first in turn.
    for (const [, body] of contenders) await timed(body);
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < contenders.length; i++) {
        const [name, body] = contenders[(r + i) % contenders.length]!;
        runs.get(name)!.push(await timed(body));
      }
    }
    const base = runs.get('stdout, no checkpoint')!;
    console.log(`\n9. CLI --resume FILE against the same read without a checkpoint (goal >= 0.80 of its items/s), ${server.scan.items} items, ${ROUNDS} paired rounds (median, lowest to highest)`);
    console.log(`   ${'contender'.padEnd(48)} ${'items/s'.padStart(8)}  ${'rate / no checkpoint'.padEnd(22)}  CPU µs an item`);
    for (const [name] of contenders) {
      const xs = runs.get(name)!;
      const rate = xs.map((x) => x.items / x.seconds);
      const ratio = xs.map((x, i) => x.items / x.seconds / (base[i]!.items / base[i]!.seconds));
      const cpu = xs.map((x) => (x.cpuSeconds / x.items) * 1e6);
      const judged = name === '--resume FILE' ? (median(ratio) >= 0.8 ? ' (goal met)' : ' (GOAL MISSED)') : '';
      console.log(`   ${name.padEnd(48)} ${String(Math.round(median(rate))).padStart(8)}  ${spread(ratio).padEnd(22)}  ${median(cpu).toFixed(0)}${judged}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
};

if (require.main === module) {
  benchResume().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
