import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { renderActual } from '../internal/renderActual.js';
import type { JsTransaction } from '../codecs/ledger/JsTransaction.js';
import type { TokenStandardContract, TokenStandardEvent, TokenStandardTransaction, TokenStandardVersion } from './TokenStandardTransaction.js';
import { type ParseContext, Unreadable } from './parseSupport.js';
import { parseV1Events, type RawEvent } from './parseV1.js';
import { parseV2Events } from './parseV2.js';

/**
 * How to read a transaction: for which party, by which standard, with which contracts known.
 * @category Token standard
 * @since 0.4.0
 */
export interface TokenStandardParseOptions {
  readonly party: string;
  /** Default `V1`, as the upstream CLI's `--standard-version`. */
  readonly standardVersion?: TokenStandardVersion;
  /**
   * The contracts the transaction archives but does not create, by contract id, as
   * `POST /v2/events/events-by-contract-id` answers for the party (`null`: not found). A
   * contract the parse needs and this does not hold comes back in `NeedsContracts`.
   */
  readonly contractOf?: (contractId: string) => TokenStandardContract | undefined;
  /**
   * As the upstream CLI's `--strict`: a holding created or archived that no token-standard
   * event explains (a raw `Create` / `Archive`) makes the transaction a Left. `strictIgnore`
   * lists template names (suffixes of the template id) left out of that check.
   */
  readonly strict?: boolean;
  readonly strictIgnore?: ReadonlyArray<string>;
}

/**
 * The result of `parseTokenStandardTransaction`: the transaction read (`Parsed`: a Right, or a
 * Left naming the transaction and the field it could not read), or the contracts whose events
 * it needs first (`NeedsContracts`; ask again with them known).
 * @category Token standard
 * @since 0.4.0
 */
export type TokenStandardParse<A = TokenStandardTransaction> =
  | { readonly _tag: 'Parsed'; readonly result: E.Either<CantonError, A> }
  | { readonly _tag: 'NeedsContracts'; readonly contractIds: ReadonlyArray<string> };

/** The upstream parser's rendering: empty changes and zero summary fields left out. */
const renderSummary = (s: Record<string, unknown>): Record<string, unknown> | undefined => {
  const out: Record<string, unknown> = {};
  if (s['numInputs'] !== 0) out['numInputs'] = s['numInputs'];
  if (s['inputAmount'] !== '0') out['inputAmount'] = s['inputAmount'];
  if (s['numOutputs'] !== 0) out['numOutputs'] = s['numOutputs'];
  if (s['outputAmount'] !== '0') out['outputAmount'] = s['outputAmount'];
  if (s['amountChange'] !== '0') out['amountChange'] = s['amountChange'];
  return Object.keys(out).length === 0 ? undefined : out;
};
const renderChange = (c: { creates: unknown[]; archives: unknown[] }): Record<string, unknown> | undefined =>
  c.creates.length === 0 && c.archives.length === 0 ? undefined : { ...(c.creates.length > 0 ? { creates: c.creates } : {}), ...(c.archives.length > 0 ? { archives: c.archives } : {}) };

/** A value as JSON has it: keys whose value is undefined are no keys. */
const withoutUndefined = (o: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
};

const render = (e: RawEvent): TokenStandardEvent => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    const rendered = k.endsWith('Summary') ? renderSummary(v as Record<string, unknown>) : k.endsWith('HoldingsChange') ? renderChange(v as { creates: unknown[]; archives: unknown[] }) : k === 'label' ? withoutUndefined(v as Record<string, unknown>) : v;
    if (rendered !== undefined) out[k] = rendered;
  }
  return out as unknown as TokenStandardEvent;
};

/**
 * Reads one ledger transaction (ledger-effects shape, with the token standard's interface views)
 * as the upstream token-standard parser does for one party: the same JSON as its `Transaction`
 * (Splice `token-standard/cli`, `list-holding-transactions`), V1 or V2. Pure: the contracts a
 * transaction archives but does not create come from `contractOf`; while one is missing the
 * answer is `NeedsContracts` with every contract id this pass could tell it needs. A transaction
 * the parser cannot read (a view the participant could not compute, a malformed amount, an
 * unknown `tx-kind`) is a Left naming the transaction and the field; nothing throws.
 * `ledger.tokenStandardHistory` runs it over the ledger's updates, looking the contracts up.
 * @example
 * ```ts
 * import { parseTokenStandardTransaction } from 'canton-rx';
 * declare const tx: import('canton-rx').codecs.ledger.JsTransaction;
 * const parse = parseTokenStandardTransaction(tx, { party: 'alice::1220…', standardVersion: 'V2', contractOf: () => null });
 * if (parse._tag === 'Parsed' && parse.result._tag === 'Right') console.log(parse.result.right.events.map((e) => e.label.type));
 * ```
 * @category Token standard
 * @since 0.4.0
 */
export const parseTokenStandardTransaction = (tx: JsTransaction, options: TokenStandardParseOptions): TokenStandardParse => {
  const ctx: ParseContext = { tx, party: options.party, contractOf: options.contractOf ?? (() => undefined), missing: new Set() };
  let events: RawEvent[];
  try {
    events = options.standardVersion === 'V2' ? parseV2Events(ctx) : parseV1Events(ctx);
  } catch (e) {
    if (!(e instanceof Unreadable)) throw e;
    // A failure read from a contract still missing may be no failure once it is known.
    if (ctx.missing.size > 0) return { _tag: 'NeedsContracts', contractIds: [...ctx.missing] };
    return { _tag: 'Parsed', result: E.left(e.error) };
  }
  if (ctx.missing.size > 0) return { _tag: 'NeedsContracts', contractIds: [...ctx.missing] };
  if (options.strict === true) {
    const ignore = options.strictIgnore ?? [];
    const at = events.findIndex((e) => {
      const label = e['label'] as { type: string; templateId?: string };
      return (label.type === 'Create' || label.type === 'Archive') && !ignore.some((name) => (label.templateId ?? '').endsWith(name));
    });
    if (at >= 0) {
      const label = events[at]!['label'] as { type: string; contractId?: string; templateId?: string };
      return {
        _tag: 'Parsed',
        result: E.left(
          decodeError('schema', [
            {
              path: `transaction(${tx.updateId}).tokenStandardEvents.${at}`,
              expected: 'a holding change a token-standard event explains (strict)',
              actual: renderActual({ type: label.type, contractId: label.contractId, templateId: label.templateId }),
              message: `a raw ${label.type} of a holding that no token-standard choice explains`,
            },
          ]),
        ),
      };
    }
  }
  return { _tag: 'Parsed', result: E.right({ updateId: tx.updateId, offset: tx.offset, recordTime: tx.recordTime, synchronizerId: tx.synchronizerId, events: events.map(render) }) };
};
