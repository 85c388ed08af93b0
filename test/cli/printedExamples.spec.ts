import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/buildProgram';
import { mintToken, startSimulatedNetwork, startSimulatedScans, type SimulatedNetwork, type SimulatedScans } from '../../src/testkit';
import { fakeIo } from './fakeIo';
import { projectRoot } from '../helpers/paths';
import { runShellExample, shellWords } from './shellExample';

/** Every `$ canton-rx ...` line of every command's --help. */
const helpExamples = (): string[] => {
  const lines: string[] = [];
  const visit = (command: Command, path: string[]): void => {
    const { io, stdout } = fakeIo();
    const program = buildProgram({ io, exit: () => undefined });
    try {
      program.parse([...path, '--help'], { from: 'user' });
    } catch {
      // --help ends through exitOverride.
    }
    lines.push(...stdout.lines().filter((l) => /^\s*\$ canton-rx /.test(l)));
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(buildProgram({ io: fakeIo().io, exit: () => undefined }), []);
  return [...new Set(lines.map((l) => l.trim()))];
};

/** Every command line of docs/cli.md: the lines of its sh blocks, and its inline `canton-rx ...` spans but the synopses (`<operation>`, `[--seed S]`). */
const docExamples = (): string[] => {
  const text = readFileSync(join(projectRoot, 'docs', 'cli.md'), 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
  const inline = [...text.matchAll(/`((?:npx )?canton-rx [^`<[]+)`/g)].map((m) => m[1]!);
  return [...new Set([...blocks, ...inline].map((l) => l.trim()).filter((l) => /^(npx )?canton-rx /.test(l)))];
};

/** The README's first screen (its first 45 lines): what a newcomer reads before scrolling. */
const readmeFirstScreen = (): string => readFileSync(join(projectRoot, 'README.md'), 'utf8').split('\n').slice(0, 45).join('\n');

/**
 * The placeholders a reader replaces with their own: the example hosts, parties and token file
 * stand for the simulated network's. Nothing else of a line is changed.
 */
const placeholders = (net: SimulatedNetwork, pool: SimulatedScans): Array<[RegExp, string]> => [
  [/https:\/\/a\/api\/scan,https:\/\/b\/api\/scan,https:\/\/c\/api\/scan,https:\/\/d\/api\/scan/g, pool.urls.join(',')],
  [/https:\/\/scan\.example\.com\/api\/scan/g, net.scanUrl],
  [/https:\/\/participant\.example\.com/g, net.ledgerUrl],
  [/https:\/\/validator\.example\.com\/api\/validator/g, net.validatorUrl],
  [/alice::1220ab/g, net.party('alice')],
  [/bob::1220cd/g, net.party('bob')],
  [/~\/\.canton\/token/g, 'token'],
  // A fixed port is the reader's choice; a test binds any free one (a demo left running holds 7575).
  [/--port [1-9]\d*/g, '--port 0'],
];

describe('every example printed in --help and docs/cli.md runs as printed', function () {
  this.timeout(300_000);
  let net: SimulatedNetwork;
  let pool: SimulatedScans;
  let dir: string;
  const cwd = process.cwd();

  before(async () => {
    // Migration 4, ending before 2025-06-01T00:00:00Z, as the examples' snapshots assume.
    net = await startSimulatedNetwork({ seed: 'printed-examples', updates: 120, genesisTime: '2025-05-31T23:50:00Z', firstMigrationId: 4, migrations: 1, snapshotEvery: 40, registry: true });
    pool = await startSimulatedScans({ seed: 'printed-examples-pool', updates: 60, scans: [{}, {}, {}, {}] });
    dir = mkdtempSync(join(tmpdir(), 'canton-rx-examples-'));
    writeFileSync(join(dir, 'token'), mintToken({ userId: 'alice', actAs: [net.party('alice')], admin: true, readAsAnyParty: true }));
    process.chdir(dir);
  });
  after(async () => {
    process.chdir(cwd);
    await net?.close();
    await pool?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples (help of every command, docs/cli.md)', () => {
    assert.ok(helpExamples().length >= 25, String(helpExamples().length));
    assert.ok(docExamples().length >= 5, String(docExamples().length));
    assert.deepEqual(shellWords(`canton-rx get x '{"a": 1}' --out f.ndjson   # note`), ['canton-rx', 'get', 'x', '{"a": 1}', '--out', 'f.ndjson']);
    assert.deepEqual(shellWords(`canton-rx scan updates > h.ndjson`), ['canton-rx', 'scan', 'updates']);
    assert.deepEqual(shellWords(`canton-rx merge | jq 'select(.a)'`), ['canton-rx', 'merge']);
  });

  it("the README's first screen: how to install today, what runs where, and two commands that run as printed", async () => {
    const screen = readmeFirstScreen();
    const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
    assert.match(screen, /^## Install$/m);
    assert.ok(screen.includes(`npm install ../canton-rx/canton-rx-${version}.tgz rxjs io-ts fp-ts`), 'the tarball install, of this version');
    assert.match(screen, /^\| part \| Node \| browser \| shell \|$/m);
    const commands = [...screen.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n')).filter((l) => /^npx canton-rx /.test(l));
    assert.equal(commands.length, 2, commands.join('\n'));
    for (const printed of commands) {
      const r = await runShellExample(placeholders(net, pool).reduce((l, [from, to]) => l.replace(from, to), printed), {});
      assert.equal(r.code, 0, `${printed}\n${r.stderr}`);
      assert.ok(r.stdout.length > 0, printed);
    }
  });

  it('each exits 0 and prints what it reads (stdout, unless it writes to --out or a --sink)', async () => {
    // As after `canton-rx demo`'s exports; the token of the examples without --token-file is in CANTON_RX_TOKEN.
    const env = { CANTON_RX_SCAN_URL: net.scanUrl, CANTON_RX_LEDGER_URL: net.ledgerUrl, CANTON_RX_VALIDATOR_URL: net.validatorUrl, CANTON_RX_TOKEN: readFileSync(join(dir, 'token'), 'utf8') };
    const failed: string[] = [];
    for (const printed of [...helpExamples(), ...docExamples()]) {
      const line = placeholders(net, pool).reduce((l, [from, to]) => l.replace(from, to), printed);
      if (/--(port|metrics-port) [1-9]/.test(line)) failed.push(`${printed}\n  would bind a fixed port in a test`);
      // A rerun from a checkpoint an earlier example left, or a --follow past the history's end, has nothing new to print.
      const resumed = /--resume (\S+)/.exec(line)?.[1];
      const quiet = /\s--(out|sink|follow)\b/.test(printed) || (resumed !== undefined && existsSync(resumed));
      const r = await runShellExample(line, env);
      if (r.code !== 0) failed.push(`${printed}\n  exit ${r.code}: ${r.stderr.split('\n').slice(-3).join(' | ')}`);
      // An exit 0 with nothing printed is no proof: a filter that matches nothing (a template in
      // the wrong form) exits 0 too. What goes to a file or a sink is not on stdout.
      else if (!quiet && r.stdout.trim() === '') failed.push(`${printed}\n  exit 0 but printed nothing`);
    }
    assert.deepEqual(failed, []);
  });
});
