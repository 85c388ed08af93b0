import assert from 'node:assert/strict';
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
});
