import assert from 'node:assert/strict';
import { buildProgram } from '../../src/cli/buildProgram';
import { runCli } from '../../src/cli/runCli';
import { fakeIo } from './fakeIo';

describe('buildProgram', () => {
  it('has the commands of the issue', () => {
    const program = buildProgram({ io: fakeIo().io, exit: () => undefined });
    const names = program.commands.flatMap((c) => (c.commands.length > 0 ? c.commands.map((s) => `${c.name()} ${s.name()}`) : [c.name()]));
    assert.deepEqual(names.sort(), ['demo', 'get', 'ledger acs', 'ledger balances', 'ledger token-history', 'ledger updates', 'merge', 'scan acs', 'scan activity', 'scan holdings', 'scan updates']);
  });

  it('--help of every command exits 0 and shows examples', async () => {
    for (const argv of [[], ['scan'], ['ledger'], ['scan', 'updates'], ['scan', 'activity'], ['scan', 'holdings'], ['scan', 'acs'], ['ledger', 'updates'], ['ledger', 'acs'], ['merge'], ['get'], ['demo']]) {
      const { io, stdout } = fakeIo();
      assert.equal(await runCli([...argv, '--help'], io), 0, argv.join(' '));
      assert.match(stdout.text, /Examples:\n[\s\S]*\$ canton-rx /, argv.join(' '));
    }
  });
});
