import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { firstValueFrom, map } from 'rxjs';
import { request } from '../../src/http/request';
import type { Fetch, RequestDescription, TokenSource } from '../../src/http/types';
import { decodeResponse } from '../../src/client/decodeResponse';
import type { CantonError } from '../../src/errors/CantonError';
import { formatError } from '../../src/errors/formatError';
import { runCli } from '../../src/cli/runCli';
import { startServer, type Reply, type TestServer } from '../helpers/server';
import { fakeIo } from '../cli/fakeIo';

const OPAQUE = 'opaque-secret-token-XYZ123';
/** Somebody's JWT, not the client's: long enough that a 60- or 80-character excerpt cuts it. */
const FOREIGN_JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjEyMyJ9.eyJzdWIiOiJhbGljZSIsImF1ZCI6Imh0dHBzOi8vY2FudG9uLm5ldHdvcmsuY29tIn0.c2lnbmF0dXJlLW9mLXRoZS1qd3Q';
const Codec = t.type({ ledgerEnd: t.number });

describe('no secret in any error, on any path and status (issue 20)', () => {
  let server: TestServer;
  let reply: () => Reply;
  before(async () => (server = await startServer(() => reply())));
  after(() => server.close());

  const desc = (token: TokenSource | undefined): RequestDescription => ({
    method: 'GET',
    baseUrl: server.url,
    path: '/v2/state/ledger-end',
    timeoutMs: 5000,
    fetch: globalThis.fetch.bind(globalThis) as unknown as Fetch,
    ...(token !== undefined ? { token } : {}),
  });
  const decoded = (token: TokenSource | undefined) => firstValueFrom(request(desc(token)).pipe(map(decodeResponse(Codec))));
  const shown = (e: E.Either<CantonError, unknown>): string => {
    assert.ok(E.isLeft(e), 'expected a Left');
    return `${JSON.stringify(e.left)}\n${formatError(e.left)}`;
  };

  it('a 2xx answer that is not JSON and quotes the token: redacted, whether it says Bearer or not, the token known or not', async () => {
    const bodies = [`<html>you sent Bearer ${OPAQUE}</html>`, `<html>you sent ${OPAQUE}</html>`, `<p>${'padding '.repeat(5)}you sent ${OPAQUE} again</p>`];
    for (const body of bodies) {
      for (const status of [200, 401, 502]) {
        reply = () => ({ status, headers: { 'content-type': 'text/html' }, body });
        const text = shown(await decoded(OPAQUE));
        assert.ok(!text.includes(OPAQUE), `${status} ${body}: ${text}`);
        // The start of a secret cut by an excerpt is no better than the whole.
        assert.ok(!text.includes(OPAQUE.slice(0, 8)), `${status} ${body}: ${text}`);
        assert.match(text, /\[redacted\]/);
      }
    }
    // A client without a token still hides what is shaped like one.
    reply = () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: `<html>you sent Bearer ${OPAQUE}</html>` });
    assert.doesNotMatch(shown(await decoded(undefined)), /opaque-secret/);
  });

  it('a JWT, whoever it belongs to, is redacted whole: not its header, nor the start of its payload', async () => {
    const bodies: Reply[] = [
      { status: 200, headers: { 'content-type': 'text/html' }, body: `<html>id_token=${FOREIGN_JWT}</html>` },
      { status: 200, headers: { 'content-type': 'application/json' }, body: `{"token": "${FOREIGN_JWT}` },
      { status: 200, body: { ledgerEnd: FOREIGN_JWT } },
      { status: 401, headers: { 'content-type': 'text/plain' }, body: `bad token ${FOREIGN_JWT}` },
    ];
    for (const r of bodies) {
      reply = () => r;
      const text = shown(await decoded(OPAQUE));
      assert.doesNotMatch(text, /eyJ/, text);
      assert.doesNotMatch(text, /hbGciOiJSUzI1Ni/, text);
    }
  });

  it("an older token of a rotating provider quoted by the server is redacted too", async () => {
    let n = 0;
    const provider = () => `rotating-token-${++n}-abcdef`;
    reply = () => ({ status: 200, body: { ledgerEnd: 1 } });
    assert.ok(E.isRight(await decoded(provider)));
    reply = () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>the old token rotating-token-1-abcdef is revoked</html>' });
    const text = shown(await decoded(provider));
    assert.doesNotMatch(text, /rotating-token-1/, text);
  });

  it('the command line prints none of it (canton-rx get getLedgerEnd)', async () => {
    reply = () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: `<html>you sent Bearer ${OPAQUE}</html>` });
    const { io, stdout, stderr } = fakeIo({ CANTON_RX_LEDGER_URL: server.url, CANTON_RX_TOKEN: OPAQUE });
    assert.equal(await runCli(['get', 'getLedgerEnd', '--retries', '0'], io), 1);
    assert.ok(server.requests.at(-1)!.headers.authorization === `Bearer ${OPAQUE}`, 'the token was sent');
    assert.match(stderr.text, /\[redacted\]/);
    assert.ok(!`${stdout.text}${stderr.text}`.includes(OPAQUE), stderr.text);
  });
});
