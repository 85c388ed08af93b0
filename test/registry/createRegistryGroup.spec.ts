import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom } from 'rxjs';
import { createClient, type ClientConfig, type Fetch } from '../../src/index';

const INFO = { adminId: 'dso::1220aa', supportedApis: { 'splice-api-token-metadata-v1': 1 } };

/** A client whose fetch records each request's URL and Authorization header and answers the registry info. */
const recording = (config: Omit<ClientConfig, 'fetch'>) => {
  const sent: Array<{ url: string; authorization: string | undefined }> = [];
  const fetch: Fetch = async (url, init) => {
    const headers = new Headers(init?.headers as HeadersInit | undefined);
    sent.push({ url, authorization: headers.get('authorization') ?? undefined });
    return new Response(JSON.stringify(INFO), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: createClient({ ...config, fetch }), sent };
};

describe('client.registry: where the token standard registries are', () => {
  it('registry.url: the paths are at its root, with its own token', async () => {
    const { client, sent } = recording({ registry: { url: 'https://registry.example', token: 'reg-token' }, scan: { url: 'https://scan.example/api/scan', token: 'scan-token' } });
    const r = await lastValueFrom(client.registry.getRegistryInfo());
    assert.deepEqual(r, E.right(INFO));
    assert.deepEqual(sent, [{ url: 'https://registry.example/registry/metadata/v1/info', authorization: 'Bearer reg-token' }]);
  });

  it("only scan: { url }: the Scan host's root (Amulet's registry), not under /api/scan", async () => {
    const { client, sent } = recording({ scan: { url: 'https://scan.example/api/scan', token: 'scan-token' } });
    await lastValueFrom(client.registry.listInstruments({ pageSize: 5 }));
    await lastValueFrom(client.registry.getRegistryInfo());
    assert.equal(sent.at(-1)!.url, 'https://scan.example/registry/metadata/v1/info');
    assert.equal(sent.at(-1)!.authorization, 'Bearer scan-token');
    assert.equal(sent[0]!.url, 'https://scan.example/registry/metadata/v1/instruments?pageSize=5');
  });

  it('a Scan pool gives no default: an InvalidRequest, nothing sent', async () => {
    const { client, sent } = recording({ scan: { urls: ['https://a.example/api/scan', 'https://b.example/api/scan'] } });
    const r = await lastValueFrom(client.registry.getRegistryInfo());
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest', JSON.stringify(r));
    assert.match(r.left.message, /the registry group is not configured: pass createClient\(\{ registry: \{ url \} \}\)/);
    assert.deepEqual(sent, []);
  });

  it('forAdmin: the registry of byAdmin, else the default; each registry gets only its own token', async () => {
    const { client, sent } = recording({
      registry: { url: 'https://scan.example', token: 'default-token', byAdmin: { 'acme::1220ab': { url: 'https://acme.example/tokens', token: 'acme-token' } } },
    });
    await lastValueFrom(client.registry.forAdmin('acme::1220ab').getInstrument('ACME'));
    await lastValueFrom(client.registry.forAdmin('dso::1220aa').getInstrument('Amulet'));
    assert.deepEqual(sent, [
      { url: 'https://acme.example/tokens/registry/metadata/v1/instruments/ACME', authorization: 'Bearer acme-token' },
      { url: 'https://scan.example/registry/metadata/v1/instruments/Amulet', authorization: 'Bearer default-token' },
    ]);
  });

  it('forAdmin of an admin without a registry, and no default: an InvalidRequest naming the admin, nothing sent', async () => {
    const { client, sent } = recording({ registry: { byAdmin: { 'acme::1220ab': { url: 'https://acme.example' } } } });
    const r = await lastValueFrom(client.registry.forAdmin('other::1220cd').getRegistryInfo());
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest');
    assert.match(r.left.message, /no registry for the instrument admin other::1220cd/);
    assert.deepEqual(r.left.issues, [{ path: 'registry.byAdmin.other::1220cd', message: 'not configured' }]);
    // The group itself has no default either.
    const d = await lastValueFrom(client.registry.getRegistryInfo());
    assert.ok(E.isLeft(d) && d.left._tag === 'InvalidRequest');
    assert.deepEqual(sent, []);
  });

  it('is cold: creating the client and the call sends nothing before subscribe', async () => {
    const { client, sent } = recording({ registry: { url: 'https://registry.example' } });
    const call = client.registry.getTransferFactory({ choiceArguments: {} });
    assert.equal(sent.length, 0);
    await lastValueFrom(call);
    assert.equal(sent.length, 1);
  });

  it('checks the request first: a body without choiceArguments is an InvalidRequest, nothing sent', async () => {
    const { client, sent } = recording({ registry: { url: 'https://registry.example' } });
    const r = await lastValueFrom(client.registry.getTransferFactory({} as never));
    assert.ok(E.isLeft(r) && r.left._tag === 'InvalidRequest', JSON.stringify(r));
    assert.deepEqual(sent, []);
  });

  describe('the newest files, against a registry on 127.0.0.1', () => {
    let server: Server;
    let url: string;
    const seen: Array<{ method: string; url: string; body: string }> = [];
    const CONTEXT = { choiceContextData: { values: {} }, disclosedContracts: [{ templateId: 'p:M:T', contractId: '00ab', createdEventBlob: 'Cg==', synchronizerId: 'global-domain::1220' }] };
    before(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen.push({ method: req.method ?? '', url: req.url ?? '', body });
          const send = (status: number, json: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
          if (req.url === '/registry/conditional-lock/v1/lock-factory') return send(409, { error: 'the lock factory is being reassigned' });
          if (req.url === '/registry/metadata/v1/instruments/LOCKED') {
            return send(200, { id: 'LOCKED', name: 'Locked', symbol: 'LCK', decimals: 6, supportedApis: {}, paused: true, pauseInfo: { reason: 'audit', until: '2026-12-01t00:00:00z' }, accountInputFieldsToShow: ['provider', 'accountId'], showAccountInputFields: true });
          }
          if (req.url?.includes('/choice-contexts/')) return send(200, CONTEXT);
          send(404, { error: 'not found' });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('conditional-lock contexts are posted to their paths; a 409 is an HttpError Left with its ErrorResponse', async () => {
      const client = createClient({ registry: { url } });
      const calls = [
        [client.registry.getConditionalLockInstructionAcceptContext, 'lockInstructionId', 'accept'],
        [client.registry.getConditionalLockInstructionRejectContext, 'lockInstructionId', 'reject'],
        [client.registry.getConditionalLockInstructionWithdrawContext, 'lockInstructionId', 'withdraw'],
        [client.registry.getConditionalLockEnactContext, 'lockId', 'enact'],
        [client.registry.getConditionalLockExpireContext, 'lockId', 'expire'],
        [client.registry.getConditionalLockCancelContext, 'lockId', 'cancel'],
        [client.registry.getConditionalLockAmendContext, 'lockId', 'amend'],
        [client.registry.getAllocationInstructionAcceptContext, 'ai', 'accept'],
        [client.registry.getAllocationInstructionWithdrawContext, 'ai', 'withdraw'],
      ] as const;
      for (const [call, id, choice] of calls) {
        seen.length = 0;
        assert.deepEqual(await lastValueFrom(call(`${id}#1`, { excludeDebugFields: true })), E.right(CONTEXT), choice);
        assert.ok(seen[0]!.url.endsWith(`/${encodeURIComponent(`${id}#1`)}/choice-contexts/${choice}`), seen[0]!.url);
        assert.equal(seen[0]!.method, 'POST');
        assert.deepEqual(JSON.parse(seen[0]!.body), { excludeDebugFields: true });
      }
      const conflict = await lastValueFrom(client.registry.getConditionalLockFactory({ choiceArguments: {} }));
      assert.ok(E.isLeft(conflict) && conflict.left._tag === 'HttpError' && conflict.left.status === 409, JSON.stringify(conflict));
      assert.equal((conflict.left.body as { error?: string }).error, 'the lock factory is being reassigned');
    });

    it("metadata 1.2.0: an instrument's paused, pauseInfo and accountInputFieldsToShow are decoded", async () => {
      const r = await lastValueFrom(createClient({ registry: { url } }).registry.getInstrument('LOCKED'));
      assert.ok(E.isRight(r), JSON.stringify(r));
      assert.equal(r.right.paused, true);
      assert.deepEqual(r.right.pauseInfo, { reason: 'audit', until: '2026-12-01t00:00:00z' });
      assert.deepEqual(r.right.accountInputFieldsToShow, ['provider', 'accountId']);
    });
  });
});
