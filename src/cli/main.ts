#!/usr/bin/env node
/**
 * The `canton-rx` executable (package.json `bin`): runs the command line on the real process,
 * then exits once stdout has been flushed.
 */
import { processIo } from './processIo.js';
import { runCli } from './runCli.js';

runCli(process.argv.slice(2), processIo()).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (defect: unknown) => {
    process.stderr.write(`canton-rx: internal error: ${defect instanceof Error ? (defect.stack ?? defect.message) : String(defect)}\n`);
    process.exit(70);
  },
);
