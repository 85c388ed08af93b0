import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withOAuthOptions } from '../../src/cli/withOAuthOptions';
import { withConnectionOptions } from '../../src/cli/withConnectionOptions';

const flagsOf = (command: Command): string[] => command.options.map((o) => o.long!).sort();

describe('withOAuthOptions', () => {
  it('adds the OAuth flags; the secret has a file flag only, never a value flag', () => {
    const flags = flagsOf(withOAuthOptions(new Command('x')));
    for (const f of ['--oauth-issuer', '--oauth-token-url', '--client-id', '--client-secret-file', '--private-key-file', '--key-id', '--key-algorithm', '--audience', '--audience-parameter', '--scope', '--oauth-refresh-before']) assert.ok(flags.includes(f), f);
    assert.ok(!flags.includes('--client-secret'));
    assert.ok(!flags.some((f) => /secret$|private-key$/.test(f)));
  });

  it('parses into the camel-cased flags oauthToken reads; commands without the ledger or the validator do not get them', () => {
    const command = withOAuthOptions(new Command('x').exitOverride());
    command.parse(['--oauth-issuer', 'https://a', '--client-id', 'c', '--audience-parameter', 'resource', '--oauth-refresh-before', '5000'], { from: 'user' });
    assert.deepEqual(command.opts(), { oauthIssuer: 'https://a', clientId: 'c', audienceParameter: 'resource', oauthRefreshBefore: 5000 });
    assert.throws(() => withOAuthOptions(new Command('y').exitOverride().configureOutput({ writeErr: () => undefined })).parse(['--audience-parameter', 'aud'], { from: 'user' }));
    assert.ok(flagsOf(withConnectionOptions(new Command('l'), ['ledger'])).includes('--oauth-issuer'));
    assert.ok(!flagsOf(withConnectionOptions(new Command('s'), ['scan'])).includes('--oauth-issuer'));
  });
});
