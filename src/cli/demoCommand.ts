import type { Command } from 'commander';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintToken } from '../testkit/mintToken.js';
import { startSimulatedNetwork } from '../testkit/startSimulatedNetwork.js';
import { parseWholeNumber } from './parseWholeNumber.js';
import type { CommandContext } from './types.js';

interface Flags {
  readonly updates: number;
  readonly seed: string;
  readonly growEvery?: number;
  readonly port: number;
}

/**
 * Adds `canton-rx demo`: starts the simulated Canton network of `canton-rx/testkit` on
 * 127.0.0.1 (a participant, a validator and a Scan over one seeded history), writes a token
 * for the user `alice` (admin, may read as any party) to a private temporary file, prints the
 * commands to try against it, and runs until Ctrl-C, when it closes the network and deletes the
 * token file.
 * @example
 * ```ts
 * demoCommand(program, context); // canton-rx demo --updates 2000 --grow-every 1000
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const demoCommand = (program: Command, context: CommandContext): Command =>
  program
    .command('demo')
    .description('start a simulated Canton network (ledger, validator, Scan) and show the commands to try against it; runs until Ctrl-C')
    .option('--updates <n>', 'updates in the initial history', parseWholeNumber(1), 2000)
    .option('--seed <seed>', 'the seed of the history (the same seed gives the same history)', '2024')
    .option('--grow-every <ms>', 'append an update every this many milliseconds (to try --follow)', parseWholeNumber(1))
    .option('--port <port>', 'the port to listen on (0: any free one)', parseWholeNumber(0), 0)
    .addHelpText('after', '\nExamples:\n  $ canton-rx demo\n  $ canton-rx demo --updates 500 --grow-every 1000 --port 7575')
    .action(async (flags: Flags) => {
      const { io } = context;
      // The registry too (as Scan serves Amulet's at its host root), so that `get getRegistryInfo` answers.
      const net = await startSimulatedNetwork({ seed: flags.seed, updates: flags.updates, port: flags.port, registry: true, ...(flags.growEvery === undefined ? {} : { growth: { everyMs: flags.growEvery, count: 1 } }) });
      const dir = mkdtempSync(join(tmpdir(), 'canton-rx-demo-'));
      const tokenFile = join(dir, 'token');
      const alice = net.party('alice');
      writeFileSync(tokenFile, mintToken({ userId: 'alice', actAs: [alice], admin: true, readAsAnyParty: true }), { mode: 0o600 });
      const info = net.info();
      const snapshot = info.snapshots[info.snapshots.length - 1];
      io.stdout.write(
        [
          `A simulated Canton network is running on ${net.url}: ${info.updates} updates, migration ids ${info.migrationIds.join(', ')}, ledger end ${info.ledgerEnd}.`,
          '',
          'In another shell (npx finds the canton-rx of the project, or the one installed globally):',
          `  export CANTON_RX_SCAN_URL=${net.scanUrl}`,
          `  export CANTON_RX_LEDGER_URL=${net.ledgerUrl}`,
          `  export CANTON_RX_VALIDATOR_URL=${net.validatorUrl}`,
          '',
          '  npx canton-rx scan updates > history.ndjson',
          '  npx canton-rx scan updates --out history.ndjson          # Ctrl-C it, run it again: it continues, exactly once',
          '  npx canton-rx scan updates --follow --resume scan.checkpoint.json',
          `  npx canton-rx ledger updates --party ${alice} --token-file ${tokenFile} --resume alice.checkpoint.json`,
          ...(snapshot === undefined
            ? []
            : [`  npx canton-rx scan holdings --owner ${alice} --migration-id ${snapshot.migrationId} --record-time ${snapshot.recordTime} --match at_or_before`]),
          `  npx canton-rx merge --party ${alice} --token-file ${tokenFile}`,
          '  npx canton-rx get scan.getDsoPartyId',
          "  npx canton-rx get getRegistryInfo                         # Amulet's token standard registry, at the Scan host",
          `  npx canton-rx get getLedgerEnd --token-file ${tokenFile}`,
          `  npx canton-rx get validator.listAnsEntries --token-file ${tokenFile}`,
          '  npx canton-rx scan updates --sink pglite:./scan-feed     # needs npm install @electric-sql/pglite',
          '',
          'Stop with Ctrl-C.',
          '',
        ].join('\n'),
      );
      await new Promise<void>((resolve) => {
        const unregister = io.onStop(() => {
          unregister();
          resolve();
        });
      });
      await net.close();
      rmSync(dir, { recursive: true, force: true });
      context.exit(0);
    });
