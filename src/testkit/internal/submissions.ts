/**
 * Command submissions on the simulated participant: a `JsCommands` of creates and exercises on
 * contracts the history knows becomes one new transaction of the one history (so the ledger's
 * updates, its completions and Scan's update history all show it). No Daml is interpreted: a
 * create adds a contract with the given arguments, signed by the acting parties and observed by
 * the other known parties its arguments name; an exercise of `Archive` (or of a choice
 * templates.ts marks consuming) archives its contract, any other choice leaves it active.
 */
import type { DamlValue, Json } from './daml.js';
import { isInt, isObject, ledgerInvalidBody, type Reply } from './http.js';
import type { Spec } from './history/buildTree.js';
import type { ContractData, TransactionUpdate } from './model.js';
import type { Participant } from './participant.js';
import type { NetworkState } from './state.js';
import { isConsuming, templateOf } from './templates.js';
import { formatInstant } from './time.js';
import { canReadAs, type Principal } from './tokens.js';

/** The longest deduplication period the participant accepts (Canton's default: one week). */
const MAX_DEDUPLICATION_MICROS = 7 * 24 * 3600 * 1_000_000;

/** What an accepted submission produced. */
export interface Accepted {
  readonly update: TransactionUpdate;
  readonly offset: number;
  readonly actAs: readonly string[];
  readonly completion: Json;
}

type Planned =
  | { readonly kind: 'create'; readonly templateId: string; readonly args: DamlValue }
  | { readonly kind: 'exercise'; readonly target: ContractData; readonly choice: string; readonly argument: DamlValue }
  | { readonly kind: 'createAndExercise'; readonly templateId: string; readonly args: DamlValue; readonly choice: string; readonly argument: DamlValue };

/** A JSON value as a Daml value that prints back the same (numbers print as strings, as Daml-LF JSON does). */
export const damlOf = (u: unknown): DamlValue => {
  if (u === null || u === undefined) return { t: 'optional', v: null };
  if (typeof u === 'boolean') return { t: 'bool', v: u };
  if (typeof u === 'number') return { t: 'int64', v: String(u) };
  if (typeof u === 'string') return { t: 'text', v: u };
  if (Array.isArray(u)) return { t: 'list', v: u.map(damlOf) };
  return { t: 'record', fields: Object.entries(u as Record<string, unknown>).map(([k, v]) => [k, damlOf(v)] as const) };
};

/** Every string in a JSON value. */
const stringsIn = (u: unknown, out: Set<string>): Set<string> => {
  if (typeof u === 'string') out.add(u);
  else if (Array.isArray(u)) for (const v of u) stringsIn(v, out);
  else if (isObject(u)) for (const v of Object.values(u)) stringsIn(v, out);
  return out;
};

const invalid = (state: NetworkState, what: string): Reply => state.ledgerErrors.reply('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${what}`);

const strings = (u: unknown): string[] | undefined => (Array.isArray(u) && u.every((x): x is string => typeof x === 'string') ? u : undefined);

/** The deduplication window of a request, in record time (µs), or an offset bound; 'bad' when unreadable. */
const dedupWindow = (u: unknown): { micros: number } | { offset: number } | 'bad' => {
  if (u === undefined || u === null) return { micros: MAX_DEDUPLICATION_MICROS };
  if (!isObject(u) || Object.keys(u).length !== 1) return 'bad';
  const [key] = Object.keys(u) as [string];
  const value = isObject(u[key]) ? (u[key] as Record<string, unknown>)['value'] : undefined;
  if (key === 'Empty') return { micros: MAX_DEDUPLICATION_MICROS };
  if (key === 'DeduplicationOffset' && (isInt(value) || (typeof value === 'string' && /^\d+$/.test(value)))) return { offset: Number(value) };
  if (key === 'DeduplicationDuration' && isObject(value)) {
    const seconds = Number(value['seconds'] ?? 0);
    const nanos = Number(value['nanos'] ?? 0);
    if (!Number.isFinite(seconds) || !Number.isFinite(nanos) || seconds < 0) return 'bad';
    return { micros: seconds * 1_000_000 + Math.floor(nanos / 1000) };
  }
  return 'bad';
};

/**
 * Checks a `JsCommands` and commits it, or says why not (as the participant would: a malformed
 * body, INVALID_ARGUMENT, PERMISSION_DENIED, NO_SYNCHRONIZER_FOR_SUBMISSION for a party it does
 * not host, CONTRACT_NOT_FOUND, DUPLICATE_COMMAND). A rejected submission changes nothing.
 */
export const submitCommands = (state: NetworkState, participant: Participant, principal: Principal | undefined, body: unknown): Accepted | Reply => {
  if (!isObject(body)) return ledgerInvalidBody();
  const commands = body['commands'];
  const commandId = body['commandId'];
  const actAs = strings(body['actAs']);
  const readAs = body['readAs'] === undefined || body['readAs'] === null ? [] : strings(body['readAs']);
  if (!Array.isArray(commands) || typeof commandId !== 'string' || actAs === undefined || readAs === undefined) return ledgerInvalidBody();
  const userId = typeof body['userId'] === 'string' && body['userId'] !== '' ? body['userId'] : (principal?.userId ?? '');
  const submissionId = typeof body['submissionId'] === 'string' ? body['submissionId'] : '';
  if (commandId === '') return invalid(state, 'Missing field: command_id');
  if (actAs.length === 0) return invalid(state, 'Missing field: act_as');
  if (commands.length === 0) return invalid(state, 'Missing field: commands');
  if (userId === '') return invalid(state, 'Missing field: user_id');
  const window = dedupWindow(body['deduplicationPeriod']);
  if (window === 'bad') return invalid(state, 'the deduplication period could not be read');

  if (state.options.requireAuth && principal !== undefined) {
    const missing = [...actAs.filter((p) => !principal.actAs.has(p)).map((p) => `ActAs(${p})`), ...readAs.filter((p) => !canReadAs(principal, p) && !principal.actAs.has(p)).map((p) => `ReadAs(${p})`)];
    if (userId !== principal.userId && !principal.admin) missing.push(`UserId(${userId})`);
    if (missing.length > 0) return state.ledgerErrors.reply('PERMISSION_DENIED', `The provided JWT token is not sufficient to authorize the intended command. The following claims are missing: ${missing.join(', ')}`);
  }
  const notHosted = actAs.filter((p) => !state.ledger.hosted.has(p));
  if (notHosted.length > 0)
    return state.ledgerErrors.reply('NO_SYNCHRONIZER_FOR_SUBMISSION', `No valid synchronizer for submission found: the participant does not host the submitting parties ${notHosted.join(', ')} with submission permission`);

  const planned: Planned[] = [];
  const archived = new Set<string>();
  for (const [i, c] of commands.entries()) {
    if (!isObject(c) || Object.keys(c).length !== 1) return ledgerInvalidBody();
    const [kind] = Object.keys(c) as [string];
    const cmd = c[kind];
    if (!isObject(cmd)) return ledgerInvalidBody();
    const templateId = cmd['templateId'];
    if (typeof templateId !== 'string') return ledgerInvalidBody();
    if (templateOf(templateId) === undefined) return invalid(state, `commands[${i}]: Invalid template id: ${templateId}`);
    if (kind === 'CreateCommand') {
      if (!isObject(cmd['createArguments'])) return invalid(state, `commands[${i}]: createArguments must be a record`);
      planned.push({ kind: 'create', templateId, args: damlOf(cmd['createArguments']) });
    } else if (kind === 'ExerciseCommand' || kind === 'CreateAndExerciseCommand') {
      const choice = cmd['choice'];
      if (typeof choice !== 'string' || choice === '') return invalid(state, `commands[${i}]: Missing field: choice`);
      const argument = damlOf(cmd['choiceArgument'] ?? {});
      if (kind === 'CreateAndExerciseCommand') {
        if (!isObject(cmd['createArguments'])) return invalid(state, `commands[${i}]: createArguments must be a record`);
        planned.push({ kind: 'createAndExercise', templateId, args: damlOf(cmd['createArguments']), choice, argument });
        continue;
      }
      const contractId = cmd['contractId'];
      if (typeof contractId !== 'string') return ledgerInvalidBody();
      const target = state.history.contractState(contractId);
      // A contract the participant never saw is as unknown as one that does not exist.
      const known = target !== undefined && [...target.data.signatories, ...target.data.observers].some((p) => state.ledger.hosted.has(p));
      if (!known || target.archivedIn !== undefined || archived.has(contractId))
        return state.ledgerErrors.reply('CONTRACT_NOT_FOUND', `Contract could not be found with id ${contractId}`, { resources: [['CONTRACT_ID', contractId]] });
      if (isConsuming(target.data.template, choice)) archived.add(contractId);
      planned.push({ kind: 'exercise', target: target.data, choice, argument });
    } else return invalid(state, `commands[${i}]: ${kind} is not supported by the simulated participant`);
  }

  const key = JSON.stringify([userId, commandId, [...actAs].sort()]);
  const previous = participant.dedup.get(key);
  const last = state.history.updates[state.history.updates.length - 1];
  if (previous !== undefined) {
    const duplicate = 'offset' in window ? previous.offset > window.offset : last === undefined || last.recordTime - previous.recordTime < window.micros;
    if (duplicate)
      return state.ledgerErrors.reply('DUPLICATE_COMMAND', `A command with the given command id has already been successfully processed`, { context: { existing_submission_id: '', completion_offset: String(previous.offset) } });
  }

  const known = new Set(state.history.partyIds.values());
  const observersOf = (args: unknown): string[] => [...stringsIn(args, new Set())].filter((s) => known.has(s) && !actAs.includes(s));
  const update = state.history.submit(commandId, actAs, (ctx, log) => {
    const roots: Spec[] = [];
    for (const p of planned) {
      if (p.kind === 'exercise') {
        roots.push({ exercise: { target: p.target, choice: p.choice, argument: p.argument, result: { t: 'unit' }, consuming: isConsuming(p.target.template, p.choice), acting: actAs }, children: [] });
        continue;
      }
      const created = log.newContract(ctx, templateOf(p.templateId)!, p.args, actAs, observersOf(p.args));
      roots.push({ created });
      if (p.kind === 'createAndExercise')
        roots.push({ exercise: { target: created, choice: p.choice, argument: p.argument, result: { t: 'unit' }, consuming: isConsuming(created.template, p.choice), acting: actAs }, children: [] });
    }
    return roots;
  }) as TransactionUpdate;
  // The acting parties are hosted, so the participant sees the transaction: its entry is the last.
  const entry = state.ledger.entries[state.ledger.entries.length - 1]!;
  const offset = entry.offset;
  participant.dedup.set(key, { recordTime: update.recordTime, offset });
  const completion: Json = {
    commandId,
    status: { code: 0, message: '', details: [] },
    updateId: update.updateId,
    userId,
    actAs: [...actAs],
    submissionId,
    deduplicationPeriod: 'offset' in window ? { DeduplicationOffset: { value: window.offset } } : { DeduplicationDuration: { value: { seconds: Math.floor(window.micros / 1_000_000), nanos: (window.micros % 1_000_000) * 1000 } } },
    traceContext: null,
    offset,
    synchronizerTime: { synchronizerId: update.synchronizerId, recordTime: formatInstant(update.recordTime) },
  };
  participant.completions.push({ offset, actAs: [...actAs], userId, value: completion });
  return { update, offset, actAs, completion };
};
