import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, type Observable } from 'rxjs';
import { createClient, operationIndex, type CantonClient, type CantonError } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/**
 * What the simulated participant does not serve (or not to this test), and why: these are tested
 * against Prism (test/generated/prism.spec.ts), or by the spec named.
 */
const NOT_SIMULATED: Readonly<Record<string, string>> = {
  uploadDar: 'DAR upload: the simulator has no Daml-LF to load',
  validateDar: 'DAR validation: the same',
  uploadPackage: 'package upload: the same',
  updateVettedPackages: 'package vetting changes topology the simulator does not model',
  updateVettedPackagesByPost: 'the same, deprecated',
  listVettedPackagesByGet: 'deprecated GET with a body the client refuses; the POST form is served',
  allocateExternalParty: 'external parties need signed topology transactions',
  generateExternalPartyTopology: 'the same: key material and topology serialization',
  getJwks: 'a synchronizer-signed JWKS per external party',
  prepareSubmission: 'interactive submission needs a prepared-transaction encoding (protobuf) and its hash',
  executeSubmission: 'needs a prepared transaction and party signatures',
  executeSubmissionAndWait: 'the same',
  executeSubmissionAndWaitForTransaction: 'the same',
  getCompletionByHash: 'served, but the participant here sees no externally hashed transaction: test/testkit/ledgerHashRoutes.spec.ts hosts the DSO',
  getUpdateByHash: 'the same',
  submitAndWaitForReassignment: 'the history makes its own reassignments; submitted ones are not simulated',
  submitReassignmentAsync: 'the same',
  getActiveContractsPageByGet: 'deprecated GET with a body: the client refuses to send it; the POST form is served',
};

describe('testkit: every ledger operation the simulated participant serves answers a Right', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  const ledgerOps = operationIndex.filter((e) => e.group === 'ledger');

  before(async () => {
    net = await startSimulatedNetwork({ seed: 21, updates: 150 });
    alice = net.party('alice');
    client = createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice], admin: true, readAsAnyParty: true }) } });
    // The token's user, registered as the user management service knows users.
    assert.ok(E.isRight(await lastValueFrom(client.ledger.createUser({ user: { id: 'alice', primaryParty: alice }, rights: [{ kind: { CanActAs: { value: { party: alice } } } }] }))));
  });
  after(() => net.close());

  it('lists exactly the operations it leaves to Prism, each with a reason', () => {
    const methods = new Set(ledgerOps.map((e) => e.method));
    for (const m of Object.keys(NOT_SIMULATED)) assert.ok(methods.has(m), `${m} is a ledger method`);
    assert.equal(ledgerOps.length - Object.keys(NOT_SIMULATED).length, 52);
  });

  /** Arguments that name what this history has, where the spec's example names nothing real. */
  const argumentsFor = async (method: string): Promise<readonly unknown[] | undefined> => {
    const byAlice = { filtersByParty: { [alice]: {} } };
    const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const, eventFormat: byAlice } };
    const page = await lastValueFrom(client.ledger.getUpdatesPage({ updateFormat, maxPageSize: 5 }));
    assert.ok(E.isRight(page));
    const first = (page.right.updates![0]!.update as { Transaction: { value: { updateId: string; offset: number; events: Array<{ CreatedEvent?: { contractId: string } }> } } }).Transaction.value;
    const contractId = first.events.find((e) => e.CreatedEvent !== undefined)!.CreatedEvent!.contractId;
    const packageId = await lastValueFrom(client.ledger.listPackages());
    assert.ok(E.isRight(packageId));
    const pkg = packageId.right.packageIds[0]!;
    const create = { CreateCommand: { templateId: '#canton-rx-test:Main:Note', createArguments: { owner: alice, text: `note ${method}` } } };
    const commands = { commandId: `cmd-${method}`, actAs: [alice], commands: [create] };
    const table: Record<string, readonly unknown[]> = {
      getUpdateById: [{ updateId: first.updateId, updateFormat }],
      getUpdateByOffset: [{ offset: first.offset, updateFormat }],
      getTransactionById: [{ updateId: first.updateId, requestingParties: [alice] }],
      getTransactionByOffset: [{ offset: first.offset, requestingParties: [alice] }],
      getTransactionTreeById: [first.updateId, { parties: [alice] }],
      getTransactionTreeByOffset: [first.offset, { parties: [alice] }],
      getEventsByContractId: [{ contractId, eventFormat: byAlice }],
      getContract: [{ contractId, queryingParties: [alice] }],
      getParties: [alice, {}],
      getPackage: [pkg],
      getPackageStatus: [pkg],
      getPreferredPackageVersion: [{ 'package-name': 'splice-amulet' }],
      getPreferredPackages: [{ packageVettingRequirements: [{ parties: [alice], packageName: 'splice-amulet' }] }],
      listActiveContracts: [{ activeAtOffset: first.offset, eventFormat: byAlice }, {}],
      listUpdates: [{ beginExclusive: 0, endInclusive: first.offset, updateFormat }, {}],
      listUpdateFlats: [{ beginExclusive: 0, endInclusive: first.offset, filter: byAlice }, {}],
      listUpdateTrees: [{ beginExclusive: 0, endInclusive: first.offset, filter: byAlice }, {}],
      listCompletions: [{ parties: [alice], beginExclusive: 0 }, {}],
      listCommandCompletions: [{ parties: [alice], beginExclusive: 0 }, {}],
      getActiveContractsPage: [{ eventFormat: byAlice, maxPageSize: 10 }],
      submitAndWait: [commands],
      submitAndWaitForTransaction: [{ commands }],
      submitAndWaitForTransactionTree: [commands],
      submitAsync: [commands],
      allocateParty: [{ partyIdHint: 'newcomer' }],
      createUser: [{ user: { id: 'new-user', primaryParty: alice }, rights: [{ kind: { CanActAs: { value: { party: alice } } } }] }],
      getUser: ['alice', {}],
      updateUser: ['alice', { user: { id: 'alice', isDeactivated: false }, updateMask: { unknownFields: { fields: {} }, paths: ['is_deactivated'] } }],
      deleteUser: ['doomed-user'],
      grantUserRights: ['alice', { userId: 'alice', rights: [{ kind: { CanReadAs: { value: { party: alice } } } }] }],
      revokeUserRights: ['alice', { userId: 'alice', rights: [{ kind: { CanReadAs: { value: { party: alice } } } }] }],
      listUserRights: ['alice'],
      updateUserIdentityProviderId: ['alice', { userId: 'alice', sourceIdentityProviderId: '', targetIdentityProviderId: 'idp-simulated' }],
      updatePartyDetails: [alice, { partyDetails: { party: alice, localMetadata: { annotations: { team: 'a' } } }, updateMask: { unknownFields: { fields: {} }, paths: ['local_metadata.annotations'] } }],
      createIdentityProviderConfig: [{ identityProviderConfig: { identityProviderId: 'idp-new', issuer: 'https://issuer.invalid', jwksUrl: 'https://issuer.invalid/jwks' } }],
      getIdentityProviderConfig: ['idp-simulated'],
      updateIdentityProviderConfig: ['idp-simulated', { identityProviderConfig: { identityProviderId: 'idp-simulated', issuer: 'https://other.invalid', jwksUrl: 'https://other.invalid/jwks' }, updateMask: { unknownFields: { fields: {} }, paths: ['issuer'] } }],
      deleteIdentityProviderConfig: ['idp-doomed'],
    };
    return table[method];
  };

  for (const entry of operationIndex.filter((e) => e.group === 'ledger' && NOT_SIMULATED[e.method] === undefined)) {
    it(`${entry.method} (${entry.httpMethod} ${entry.path})`, async () => {
      // What a delete removes must exist first.
      if (entry.method === 'deleteUser') assert.ok(E.isRight(await lastValueFrom(client.ledger.createUser({ user: { id: 'doomed-user' } }))));
      if (entry.method === 'deleteIdentityProviderConfig')
        assert.ok(E.isRight(await lastValueFrom(client.ledger.createIdentityProviderConfig({ identityProviderConfig: { identityProviderId: 'idp-doomed', issuer: 'https://doomed.invalid', jwksUrl: 'https://doomed.invalid/jwks' } }))));
      const args = (await argumentsFor(entry.method)) ?? entry.example;
      const method = (client.ledger as unknown as Record<string, (...a: unknown[]) => Observable<E.Either<CantonError, unknown>>>)[entry.method];
      assert.equal(typeof method, 'function');
      const result = await lastValueFrom(method!(...args));
      assert.ok(E.isRight(result), `${entry.method}: ${JSON.stringify(result).slice(0, 800)}`);
      // A binary answer: the archive's bytes as the route sent them (its stand-in is ASCII).
      if (entry.method === 'getPackage') assert.ok(result.right instanceof Uint8Array && result.right.byteLength > 0, 'getPackage answers bytes');
    });
  }
});
