import { Option, type Command } from 'commander';
import { parseWholeNumber } from './parseWholeNumber.js';

/**
 * Adds the OAuth2 client-credentials flags to a command that talks to the ledger or the
 * validator. The secret and the private key are read from a file or the environment only
 * (`CANTON_RX_CLIENT_SECRET`), never from a flag value, which would show in `ps` and in shell
 * history.
 * @example
 * ```ts
 * withOAuthOptions(program.command('ledger-updates'));
 * ```
 * @category CLI
 * @since 0.4.0
 */
export const withOAuthOptions = (command: Command): Command =>
  command
    .option('--oauth-issuer <url>', 'sign in with OAuth2 client credentials at this OpenID issuer (discovery)')
    .option('--oauth-token-url <url>', 'sign in at this OAuth2 token endpoint (a provider without discovery)')
    .option('--client-id <id>', 'the OAuth2 client id')
    .option('--client-secret-file <file>', 'read the client secret from this file (else env CANTON_RX_CLIENT_SECRET); never a flag')
    .option('--private-key-file <file>', 'sign a private_key_jwt assertion with this PKCS #8 PEM key instead of a secret')
    .option('--key-id <kid>', 'the key id (kid) of --private-key-file')
    .addOption(new Option('--key-algorithm <alg>', 'the algorithm of --private-key-file (default RS256)').choices(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']))
    .option('--audience <aud>', 'the audience the token must carry (Canton 3.7 requires one)')
    .addOption(new Option('--audience-parameter <name>', 'the form parameter that carries it (default audience)').choices(['audience', 'resource']))
    .option('--scope <scopes>', 'the scopes asked for, space-separated (for example daml_ledger_api)')
    .option('--oauth-refresh-before <ms>', 'replace the token this long before it expires (default 60000)', parseWholeNumber(0));
