import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './paths';

/** A small seeded generator (mulberry32), so that a failing run can be replayed from its seed. */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export interface RunOutcome {
  /** `killed` when this run was killed with SIGKILL, else the exit code. */
  readonly end: 'killed' | number;
  /** Commits the run reported before it ended. */
  readonly commits: number;
  readonly stderr: string;
}

/** When to kill a run: `delayMs` after its `commits`-th commit (0: after it is ready). */
export interface KillAt {
  readonly commits: number;
  readonly delayMs: number;
}

/**
 * Runs the crash writer (test/sinks/crashWriter.ts) once. With `kill`, sends SIGKILL at that
 * moment (if the writer has not ended by then): counting commits makes every run progress and
 * every kill land while it reads and commits, the delay puts it anywhere between two commits.
 */
export const runWriter = (args: readonly string[], kill: KillAt | undefined): Promise<RunOutcome> =>
  new Promise((resolve, reject) => {
    const script = join(projectRoot, '.build', 'test', 'sinks', 'crashWriter.js');
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let commits = 0;
    let stderr = '';
    let killed = false;
    let timer: NodeJS.Timeout | undefined;
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('commit ')) commits++;
        if (kill !== undefined && timer === undefined && (line === 'ready' || line.startsWith('commit ')) && commits === kill.commits)
          timer = setTimeout(() => {
            killed = child.kill('SIGKILL');
          }, kill.delayMs);
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ end: killed || signal === 'SIGKILL' ? 'killed' : (code ?? -1), commits, stderr });
    });
  });

/**
 * Kills the writer `kills` times at random moments (after 0 to `maxCommits` commits, then 0 to
 * `maxDelayMs`), then lets it run to the end; at most `kills + 5` runs. Answers every run's outcome.
 */
export const crashAndResume = async (args: readonly string[], options: { seed: number; kills: number; maxCommits: number; maxDelayMs: number }): Promise<RunOutcome[]> => {
  const random = seeded(options.seed);
  const outcomes: RunOutcome[] = [];
  for (let run = 0; run < options.kills + 5; run++) {
    const kill = run < options.kills ? { commits: Math.floor(random() * (options.maxCommits + 1)), delayMs: Math.floor(random() * options.maxDelayMs) } : undefined;
    const outcome = await runWriter(args, kill);
    outcomes.push(outcome);
    if (outcome.end !== 'killed') return outcomes;
  }
  return outcomes;
};
