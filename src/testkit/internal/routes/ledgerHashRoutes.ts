/**
 * The participant's reads by transaction hash (Canton 3.6, `canton/main/openapi.yaml`): the update
 * and the completions of a transaction found by the hash of its prepared (externally signed)
 * form, which the history records as the transaction's external hash.
 */
import { isReply, json, type Reply, type RequestContext, type Route } from '../http.js';
import { renderLedgerUpdate } from '../ledgerView.js';
import type { NetworkState } from '../state.js';
import { canReadAs } from '../tokens.js';
import type { SimulatedCompletion } from '../webSocketContent.js';
import { begin, formatOf, notFound, visible } from './ledgerReadRoutes.js';

/** The hash a request names, or the participant's refusal of an empty or missing one. */
const hashOf = (state: NetworkState, body: Record<string, unknown>): string | Reply => {
  const hash = body['transactionHash'];
  if (typeof hash !== 'string' || hash === '') return state.ledgerErrors.reply('INVALID_ARGUMENT', 'The submitted request has invalid arguments: transactionHash must be non-empty');
  return hash;
};

/** The visible ledger entry of the transaction with this external hash. */
const entryByHash = (state: NetworkState, hash: string) =>
  visible(
    state,
    state.ledger.entries.find((e) => e.kind === 'history' && e.update.kind === 'transaction' && e.update.externalTransactionHash === hash),
  );

/** `POST /v2/updates/update-by-hash`: the update, in the requested format, as update-by-id answers it. */
const updateByHash = (state: NetworkState) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const hash = hashOf(state, b.body);
  if (isReply(hash)) return hash;
  const format = formatOf(state, b.principal, b.body['updateFormat']);
  if (isReply(format)) return format;
  const entry = entryByHash(state, hash);
  const update = entry === undefined ? undefined : renderLedgerUpdate(state.seed, state.ledger, entry, format);
  return update === undefined ? notFound(state, hash) : json(200, { update });
};

/**
 * `POST /v2/commands/completion-by-hash`: the accepted completion of the transaction with this
 * hash, among the completions of this participant's submissions that the caller may read. The
 * simulator rejects no submission after it has a hash, so `lastRejectedCompletions` is empty.
 */
const completionByHash = (state: NetworkState, completions: () => readonly SimulatedCompletion[]) => (ctx: RequestContext): Reply => {
  const b = begin(state, ctx);
  if ('reply' in b) return b.reply;
  const hash = hashOf(state, b.body);
  if (isReply(hash)) return hash;
  const entry = entryByHash(state, hash);
  const principal = b.principal;
  const accepted =
    entry === undefined
      ? undefined
      : completions().find((c) => c.offset === entry.offset && (principal === undefined || !state.options.requireAuth || c.actAs.some((p) => canReadAs(principal, p))));
  return json(200, { ...(accepted !== undefined ? { acceptedCompletion: accepted.value } : {}), lastRejectedCompletions: [] });
};

export const ledgerHashRoutes = (state: NetworkState, completions: () => readonly SimulatedCompletion[]): Route[] => [
  { method: 'POST', template: '/v2/updates/update-by-hash', group: 'ledger', handler: updateByHash(state) },
  { method: 'POST', template: '/v2/commands/completion-by-hash', group: 'ledger', handler: completionByHash(state, completions) },
];
