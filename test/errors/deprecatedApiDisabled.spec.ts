import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, formatError, isRetryable, isRetryableRead } from '../../src/index';

/**
 * Canton 3.6.1 disables what 3.4 and 3.5 deprecated unless a feature flag re-enables it, with the
 * error code DEPRECATED_API_DISABLED: a typed condition, and a deprecated method names its
 * replacement. The body is the one a 3.6.1 participant sent (its first fields).
 */
describe('DeprecatedApiDisabled (issue 20)', () => {
  let server: Server;
  let url: string;
  const body = {
    code: 'DEPRECATED_API_DISABLED',
    cause: 'The fields filter/verbose of the /v2/state/active-contracts requests was deprecated in Canton 3.4, is disabled by default since Canton 3.6 and will be removed in Canton 3.7.',
    correlationId: null,
    traceId: '53bc7da6f755bd6246307e',
    context: {},
    resources: [],
    errorCategory: 8,
    grpcCodeValue: 9,
    retryInfo: null,
    definiteAnswer: null,
  };
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a deprecated method answers the condition and names its replacement; not retried', async () => {
    const client = createClient({ ledger: { url } });
    const r = await lastValueFrom(client.ledger.getTransactionByOffset({ offset: 1, requestingParties: ['alice::1220'] }));
    assert.ok(E.isLeft(r) && r.left._tag === 'HttpError');
    assert.equal(r.left.condition, 'DeprecatedApiDisabled');
    assert.equal(r.left.replacement, 'getUpdateByOffset');
    assert.match(formatError(r.left), /\(DeprecatedApiDisabled: use getUpdateByOffset\)/);
    assert.equal(isRetryable(r.left), false);
    assert.equal(isRetryableRead({ ...r.left, status: 500 }), false);
  });

  it('a current method meeting it (a disabled request field) has the condition and no replacement', async () => {
    const client = createClient({ ledger: { url } });
    const r = await lastValueFrom(client.ledger.listActiveContracts({ activeAtOffset: 1, filter: { filtersByParty: {} } }, {}));
    assert.ok(E.isLeft(r) && r.left._tag === 'HttpError');
    assert.equal(r.left.condition, 'DeprecatedApiDisabled');
    assert.equal(r.left.replacement, undefined);
  });
});
