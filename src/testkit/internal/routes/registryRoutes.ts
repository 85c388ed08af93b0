/**
 * Amulet's token standard registry, as Scan serves it at its host's root (`/registry/...`, beside
 * `/api/scan`): metadata v1, the transfer and allocation factories (v1 and v2, and v2's settlement
 * factory) and the choice contexts of transfer instructions, allocations and (v2) allocation
 * instructions, over the one history.
 * The factory is the ExternalPartyAmuletRules contract (it implements the token standard's factory
 * interfaces); the contexts name the AmuletRules and the current open mining round, disclosed with
 * their blobs. Transfer preapprovals are not served (Scan does not mount them): the router's 404.
 */
import { compact, type Json } from '../daml.js';
import { isInt, isObject, isReply, json, parseJson, spliceError, spliceMalformed, type Reply, type RequestContext, type Route } from '../http.js';
import { blobFor } from '../ids.js';
import type { ContractState } from '../model.js';
import type { NetworkState } from '../state.js';
import { T } from '../templates.js';
import { formatDateTime } from '../time.js';
import { amountOf } from '../history/Amulets.js';
import { activeNow, formatTenDigits, ruleContract } from '../history/readQueries.js';

/** The one instrument of Amulet's registry. */
const AMULET = 'Amulet';

/** What Amulet's registry says it supports: registry-wide, and for the instrument. */
const REGISTRY_APIS: Readonly<Record<string, number>> = { 'splice-api-token-metadata-v1': 1 };
const INSTRUMENT_APIS: Readonly<Record<string, number>> = {
  'splice-api-token-metadata-v1': 1,
  'splice-api-token-holding-v1': 1,
  'splice-api-token-transfer-instruction-v1': 1,
  'splice-api-token-allocation-instruction-v1': 1,
  'splice-api-token-allocation-v1': 1,
};

/** The contracts whose contexts the registry serves, by module and entity (a submitted create of `#splice-amulet:...` counts too). */
const KINDS = {
  transferInstruction: { moduleName: 'Splice.AmuletTransferInstruction', entityName: 'AmuletTransferInstruction', what: 'AmuletTransferInstruction' },
  allocation: { moduleName: 'Splice.AmuletAllocation', entityName: 'AmuletAllocation', what: 'AmuletAllocation' },
  // Amulet's allocation factory allocates at once (`AllocationInstructionResult_Completed`): Amulet has no
  // allocation instruction template, so its registry knows none and answers every id with a 404.
  allocationInstruction: { moduleName: undefined, entityName: undefined, what: 'AllocationInstruction' },
} as const;

/** The total of every active Amulet after the last update, in 10^-10 units, and as of when. */
const totalSupply = (state: NetworkState): { readonly total: string; readonly asOf: string } => {
  const h = state.history;
  let units = 0n;
  for (const s of activeNow(h, T.Amulet)) units += BigInt(amountOf(s.data)) * 10_000n;
  return { total: formatTenDigits(units), asOf: formatDateTime(h.updates[h.updates.length - 1]!.recordTime) };
};

const instrument = (state: NetworkState): Json => {
  const supply = totalSupply(state);
  return { id: AMULET, name: AMULET, symbol: AMULET, totalSupply: supply.total, totalSupplyAsOf: supply.asOf, decimals: 10, supportedApis: INSTRUMENT_APIS };
};

/** `DisclosedContract`, its `debug` fields left out when asked. */
const disclosed = (state: NetworkState, s: ContractState, excludeDebug: boolean): Json => ({
  templateId: s.data.template.id,
  contractId: s.data.contractId,
  createdEventBlob: blobFor(state.seed, s.data.contractId),
  synchronizerId: s.synchronizerId,
  ...(excludeDebug ? {} : { debugPackageName: s.data.template.packageName, debugPayload: compact(s.data.args), debugCreatedAt: formatDateTime(s.data.createdAt) }),
});

/** The context of every Amulet choice here: the AmuletRules and the current open round, as `AV_ContractId` values. */
const amuletContext = (state: NetworkState, excludeDebug: boolean, extra: readonly ContractState[] = []): Json => {
  const rules = ruleContract(state.history, T.AmuletRules);
  const round = state.roundsNow().open[0]!;
  return {
    choiceContextData: { values: { 'amulet-rules': { tag: 'AV_ContractId', value: rules.data.contractId }, 'open-round': { tag: 'AV_ContractId', value: round.data.contractId } } },
    disclosedContracts: [...extra, rules, round].map((s) => disclosed(state, s, excludeDebug)),
  };
};

/** The request body as an object with the members checked, or pekko's 400. */
const body = (ctx: RequestContext, required: readonly string[]): Record<string, unknown> | Reply => {
  const parsed = parseJson(ctx.body);
  if (parsed === undefined) return spliceMalformed('expected json value got invalid JSON');
  if (!isObject(parsed.value)) return spliceMalformed('Object expected');
  const req = parsed.value;
  for (const name of required) if (req[name] === undefined) return spliceMalformed(`Object is missing required member '${name}'`);
  if (req['choiceArguments'] !== undefined && !isObject(req['choiceArguments'])) return spliceMalformed("Expected object for 'choiceArguments'");
  const meta = req['meta'];
  if (meta !== undefined && meta !== null && !(isObject(meta) && Object.values(meta).every((v) => typeof v === 'string'))) return spliceMalformed("Expected map of strings for 'meta'");
  const exclude = req['excludeDebugFields'];
  if (exclude !== undefined && exclude !== null && typeof exclude !== 'boolean') return spliceMalformed("Expected boolean for 'excludeDebugFields'");
  return req;
};

/** `self` when the transfer's sender is its receiver, else `offer`: the simulated network holds no transfer preapprovals. */
const transferKind = (choiceArguments: unknown): 'self' | 'offer' => {
  const transfer = isObject(choiceArguments) ? choiceArguments['transfer'] : undefined;
  return isObject(transfer) && typeof transfer['sender'] === 'string' && transfer['sender'] === transfer['receiver'] ? 'self' : 'offer';
};

/** A factory request: the ExternalPartyAmuletRules with the Amulet context (itself disclosed too). */
const factory = (state: NetworkState, kind: 'transfer' | 'allocation') => (ctx: RequestContext): Reply => {
  const req = body(ctx, ['choiceArguments']);
  if (isReply(req)) return req;
  const factoryContract = ruleContract(state.history, T.ExternalPartyAmuletRules);
  const answer = { factoryId: factoryContract.data.contractId, choiceContext: amuletContext(state, req['excludeDebugFields'] === true, [factoryContract]) };
  return json(200, kind === 'transfer' ? { ...answer, transferKind: transferKind(req['choiceArguments']) } : answer);
};

/** A choice context of an active contract of `kind`, by its id in the path; 404 with an ErrorResponse for an unknown or archived one. */
const choiceContext = (state: NetworkState, kind: keyof typeof KINDS, param: string) => (ctx: RequestContext): Reply => {
  const req = body(ctx, []);
  if (isReply(req)) return req;
  const id = ctx.params[param] ?? '';
  const { moduleName, entityName, what } = KINDS[kind];
  const s = state.history.contractState(id);
  if (s === undefined || s.archivedIn !== undefined || s.data.template.moduleName !== moduleName || s.data.template.entityName !== entityName) {
    return spliceError(404, `${what} '${id}' not found`);
  }
  return json(200, amuletContext(state, req['excludeDebugFields'] === true));
};

const registryInfo = (state: NetworkState) => (): Reply => json(200, { adminId: state.history.dso, supportedApis: REGISTRY_APIS });

const listInstruments = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const size = ctx.query.get('pageSize');
  if (size !== null && !(isInt(Number(size)) && Number(size) >= 1)) return spliceError(400, `Invalid pageSize: ${size}`);
  // One instrument: every page token past the first is the end.
  return json(200, { instruments: ctx.query.get('pageToken') === null ? [instrument(state)] : [] });
};

const getInstrument = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const id = ctx.params['instrumentId'] ?? '';
  return id === AMULET ? json(200, instrument(state)) : spliceError(404, `Instrument '${id}' not found`);
};

/** The registry's routes, at the host root. */
export const registryRoutes = (state: NetworkState): Route[] => {
  const r = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({ method, template: `/registry${path}`, group: 'scan', handler });
  const versions = ['v1', 'v2'] as const;
  return [
    r('GET', '/metadata/v1/info', registryInfo(state)),
    r('GET', '/metadata/v1/instruments', listInstruments(state)),
    r('GET', '/metadata/v1/instruments/{instrumentId}', getInstrument(state)),
    ...versions.flatMap((v) => [
      r('POST', `/transfer-instruction/${v}/transfer-factory`, factory(state, 'transfer')),
      ...(['accept', 'reject', 'withdraw'] as const).map((c) => r('POST', `/transfer-instruction/${v}/{transferInstructionId}/choice-contexts/${c}`, choiceContext(state, 'transferInstruction', 'transferInstructionId'))),
      r('POST', `/allocation-instruction/${v}/allocation-factory`, factory(state, 'allocation')),
      ...(['withdraw', 'cancel'] as const).map((c) => r('POST', `/allocations/${v}/{allocationId}/choice-contexts/${c}`, choiceContext(state, 'allocation', 'allocationId'))),
    ]),
    r('POST', '/allocations/v1/{allocationId}/choice-contexts/execute-transfer', choiceContext(state, 'allocation', 'allocationId')),
    r('POST', '/allocation/v2/settlement-factory', factory(state, 'allocation')),
    ...(['accept', 'withdraw'] as const).map((c) => r('POST', `/allocation-instruction/v2/{allocationInstructionId}/choice-contexts/${c}`, choiceContext(state, 'allocationInstruction', 'allocationInstructionId'))),
  ];
};
