/**
 * The participant's command routes: the submissions (`/v2/commands/submit-and-wait`, `…-for-transaction`,
 * the deprecated `…-for-transaction-tree`, `/v2/commands/async/submit`) and the completions read
 * over HTTP (`/v2/commands/completions`, `/v2/commands/command-completions`). Reassignment
 * submissions are not simulated (the history makes its own reassignments).
 */
import type { Json } from '../daml.js';
import { isInt, isObject, json, ledgerInvalidBody, parseJson, type Reply, type RequestContext, type Route } from '../http.js';
import { parseUpdateFormat, renderLedgerUpdate } from '../ledgerView.js';
import type { Participant } from '../participant.js';
import type { NetworkState } from '../state.js';
import { submitCommands, type Accepted } from '../submissions.js';
import { asTree, completionsSession, type ChannelPath } from '../webSocketContent.js';
import { ledgerAuth } from './ledgerRoutes.js';

/** Runs a submission from the request body (`wrapped`: the commands are the body's `commands` field). */
const accept = (state: NetworkState, participant: Participant, ctx: RequestContext, wrapped: boolean): { accepted: Accepted; body: Record<string, unknown> } | Reply => {
  const a = ledgerAuth(state, ctx, state.options.requireAuth);
  if ('reply' in a) return a.reply;
  const parsed = parseJson(ctx.body);
  if (parsed === undefined || !isObject(parsed.value)) return ledgerInvalidBody();
  const body = parsed.value;
  const commands = wrapped ? body['commands'] : body;
  const accepted = submitCommands(state, participant, a.principal, commands);
  return 'status' in accepted ? accepted : { accepted, body };
};

/**
 * The transaction as a format shows it; by default (no `transactionFormat`) the acting parties'
 * view in the ACS_DELTA shape, as the participant's default. A format that filters out every
 * event still gives the transaction, with no events.
 */
const transactionOf = (state: NetworkState, accepted: Accepted, transactionFormat: unknown, shape?: 'TRANSACTION_SHAPE_LEDGER_EFFECTS'): { readonly update: Json } | { readonly reply: Reply } => {
  const byActAs = { filtersByParty: Object.fromEntries(accepted.actAs.map((p) => [p, {}])) };
  const tf = isObject(transactionFormat) ? transactionFormat : { eventFormat: byActAs, transactionShape: shape ?? 'TRANSACTION_SHAPE_ACS_DELTA' };
  const format = parseUpdateFormat({ includeTransactions: tf });
  if ('bodyError' in format) return { reply: ledgerInvalidBody() };
  if ('invalid' in format) return { reply: state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${format.invalid}`) };
  const entry = state.ledger.entries.find((e) => e.kind === 'history' && e.update === accepted.update)!;
  const rendered = renderLedgerUpdate(state.seed, state.ledger, entry, format.ok) as { Transaction?: { value: Record<string, Json> } } | undefined;
  if (rendered?.Transaction !== undefined) return { update: rendered as Json };
  const all = parseUpdateFormat({ includeTransactions: { eventFormat: byActAs, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' } });
  const full = renderLedgerUpdate(state.seed, state.ledger, entry, (all as { ok: Parameters<typeof renderLedgerUpdate>[3] }).ok) as { Transaction: { value: Record<string, Json> } };
  return { update: { Transaction: { value: { ...full.Transaction.value, events: [] } } } };
};

const submitAndWait = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const r = accept(state, participant, ctx, false);
  if ('status' in r) return r;
  return json(200, { updateId: r.accepted.update.updateId, completionOffset: r.accepted.offset });
};

const submitAndWaitForTransaction = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const r = accept(state, participant, ctx, true);
  if ('status' in r) return r;
  const tx = transactionOf(state, r.accepted, r.body['transactionFormat']);
  if ('reply' in tx) return tx.reply;
  return json(200, { transaction: (tx.update as { Transaction: { value: Json } }).Transaction.value });
};

const submitAndWaitForTransactionTree = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const r = accept(state, participant, ctx, false);
  if ('status' in r) return r;
  const tx = transactionOf(state, r.accepted, undefined, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
  if ('reply' in tx) return tx.reply;
  const tree = asTree(tx.update) as { TransactionTree: { value: Json } };
  return json(200, { transactionTree: tree.TransactionTree.value });
};

const submitAsync = (state: NetworkState, participant: Participant) => (ctx: RequestContext): Reply => {
  const r = accept(state, participant, ctx, false);
  return 'status' in r ? r : json(200, {});
};

/** A stream endpoint read over HTTP: what the WebSocket channel would send now, cut at `limit`. */
const completionsList = (state: NetworkState, participant: Participant, path: ChannelPath) => (ctx: RequestContext): Reply => {
  const a = ledgerAuth(state, ctx, state.options.requireAuth);
  if ('reply' in a) return a.reply;
  const parsed = parseJson(ctx.body);
  if (parsed === undefined || !isObject(parsed.value)) return ledgerInvalidBody();
  const session = completionsSession(state, path, a.principal, parsed.value, () => participant.completions);
  if ('status' in session) return session;
  const messages = session.start();
  if (!Array.isArray(messages)) return messages;
  return json(200, limited(ctx, messages));
};

/** The `limit` query parameter of the HTTP stream endpoints. */
export const limited = (ctx: RequestContext, messages: readonly Json[]): Json[] => {
  const limit = Number(ctx.query.get('limit') ?? NaN);
  return isInt(limit) && limit >= 0 ? messages.slice(0, limit) : [...messages];
};

export const commandRoutes = (state: NetworkState, participant: Participant): Route[] => [
  { method: 'POST', template: '/v2/commands/submit-and-wait', group: 'ledger', handler: submitAndWait(state, participant) },
  { method: 'POST', template: '/v2/commands/submit-and-wait-for-transaction', group: 'ledger', handler: submitAndWaitForTransaction(state, participant) },
  { method: 'POST', template: '/v2/commands/submit-and-wait-for-transaction-tree', group: 'ledger', handler: submitAndWaitForTransactionTree(state, participant) },
  { method: 'POST', template: '/v2/commands/async/submit', group: 'ledger', handler: submitAsync(state, participant) },
  { method: 'POST', template: '/v2/commands/completions', group: 'ledger', handler: completionsList(state, participant, '/v2/commands/completions') },
  { method: 'POST', template: '/v2/commands/command-completions', group: 'ledger', handler: completionsList(state, participant, '/v2/commands/command-completions') },
];
