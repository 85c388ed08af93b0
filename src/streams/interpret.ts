import { concat, concatMap, defer, EMPTY, isObservable, of, Subject, takeWhile, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { CantonError, InvalidRequest } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import type { OperationDescriptor } from '../client/invokeOperation.js';
import type { Page, PageRecord } from '../paging/Page.js';
import type { ServerEnd } from '../telemetry/createTelemetry.js';
import type { Checks } from '../validation/checks.js';
import type { StreamOptions } from './options.js';
import { recordStream, type CursorFamily, type ItemForm, type ReadContext } from './recordStream.js';

/**
 * What an interpretation makes of one page of its base stream: records whose checkpoints are the
 * base records' they come from (the engine maps them to the interpretation's own), and a failure
 * found after them, which ends the stream after them.
 * @internal
 */
export interface Interpreted<B, C> {
  readonly records: ReadonlyArray<PageRecord<B, C>>;
  /** A base record the step could not read: the stream ends with it, after `records`. */
  readonly failure?: CantonError;
  /** With a failure and no records: the base checkpoint before the record not read (resuming reads it again). */
  readonly stands?: C;
  /**
   * Where a page without records stands when not at the base page's checkpoint: a step that skips
   * base records it delivered before (a resume inside one) stays at its resume point meanwhile.
   */
  readonly checkpoint?: C;
}

/**
 * The step of an interpretation over the pages of its base, in order: pure, or an Observable of
 * one result when it must look something up (through `ReadContext.call`, the stream's own call path).
 * @internal
 */
export type InterpretStep<A, C, B> = (page: Page<A, C>) => E.Either<CantonError, Interpreted<B, C>> | Observable<E.Either<CantonError, Interpreted<B, C>>>;

/**
 * An interpretation of a record stream: its own name (its telemetry and page form), its own
 * request (turned into the base's; with its own checks) and, when its checkpoints differ, their
 * codec and the maps both ways. A resume from one of its checkpoints resumes the base from the
 * base checkpoint it names, so it is exact wherever the base's is.
 * @internal
 */
export interface Interpretation<Q, O extends StreamOptions<D>, BQ, BO extends StreamOptions<C>, A, C, B, D, F extends ItemForm, T extends boolean> {
  readonly name: string;
  /** Default: the base's. */
  readonly family?: CursorFamily;
  readonly items: F;
  readonly tails?: T;
  readonly remember?: boolean;
  /** Its checkpoints, when they are not the base's: their codec, a base checkpoint as one, and one as the base checkpoint to resume the base from. */
  readonly checkpoint?: { readonly codec: t.Decoder<unknown, D>; readonly of: (base: C) => D; readonly base: (own: D) => C };
  readonly requestRequired?: boolean;
  readonly defaultRequest?: Q;
  readonly validate?: (request: Q) => E.Either<InvalidRequest, Q>;
  readonly checks?: (checks: Checks, request: Q, options: O) => unknown;
  /** The base's request (and options besides `from`) for a checked request of the interpretation. */
  readonly request: (request: Q, options: O) => BQ;
  readonly options?: (options: O) => Omit<BO, 'from'>;
  /** Called once a subscription: the step over its pages (state it keeps lives in this closure, one per read). */
  readonly start: (context: ReadContext, request: Q, options: O) => InterpretStep<A, C, B>;
}

/** What an interpretation needs of its base entry. @internal */
export interface InterpretedBase<BQ, BO, A, C> {
  readonly family: CursorFamily;
  readonly checkpoint: t.Decoder<unknown, C>;
  readonly read: (transport: Transport, request: BQ, options?: BO) => Observable<E.Either<CantonError, Page<A, C>>>;
  readonly serverEnd?: OperationDescriptor<ServerEnd>;
}

/**
 * A new record stream from an entry and a step over its pages (entry + page step -> entry): the
 * base's paging, retry and checks, the interpretation's own checks first, its pages counted under
 * its own name, its item and page forms from the engine, and each record's checkpoint the base
 * record's it comes from (mapped to its own codec when it has one), so that it resumes exactly
 * from every item. A page ends at its last record's checkpoint; the base records after it that
 * gave nothing move the checkpoint in an empty page of their own (resuming from it skips them),
 * and a step's failure ends the stream after its page's records. Without the consumer's `pull`
 * the base is read a page at a time, each asked for once the step's page is handed on.
 * @example
 * ```ts
 * const bigUpdates = interpret(scanUpdatesStream, {
 *   name: 'scan.bigUpdates', items: 'values', request: (r: UpdateHistoryRequestV2) => r,
 *   start: () => (page) => E.right({ records: page.records.filter((r) => r.value.update_id.length > 10) }),
 * });
 * bigUpdates.items(transport, { page_size: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const interpret = <Q, O extends StreamOptions<D>, BQ, BO extends StreamOptions<C>, A, C, B, F extends ItemForm, T extends boolean = false, D = C>(
  base: InterpretedBase<BQ, BO, A, C>,
  interpretation: Interpretation<Q, O, BQ, BO, A, C, B, D, F, T>,
) => {
  const own = interpretation.checkpoint;
  const ofBase = (c: C | undefined): D | undefined => (c === undefined || own === undefined ? (c as D | undefined) : own.of(c));
  // A page with records ends at its last one (what `drainInto` stores with them); the base
  // records after it that gave nothing move the checkpoint in a page of their own.
  const pagesOf = (page: Page<A, C>, d: Interpreted<B, C>): ReadonlyArray<E.Either<CantonError, Page<B, D>>> => {
    const records = d.records.map((x) => ({ value: x.value, checkpoint: ofBase(x.checkpoint) as D }));
    const last = d.records[d.records.length - 1]?.checkpoint;
    if (d.failure !== undefined) {
      // What came before the failure is delivered, and where the read stands, then the Left.
      const stands = last ?? d.stands;
      return [...(stands !== undefined ? [E.right({ records, checkpoint: ofBase(stands) as D, caughtUp: false })] : []), E.left(d.failure)];
    }
    if (last === undefined) return [E.right({ records, checkpoint: ofBase(d.checkpoint ?? page.checkpoint) as D, caughtUp: page.caughtUp })];
    if (JSON.stringify(last) === JSON.stringify(page.checkpoint)) return [E.right({ records, checkpoint: ofBase(page.checkpoint) as D, caughtUp: page.caughtUp })];
    return [E.right({ records, checkpoint: ofBase(last) as D, caughtUp: false }), E.right({ records: [], checkpoint: ofBase(page.checkpoint) as D, caughtUp: page.caughtUp })];
  };
  return recordStream<Q, O, B, D, F, T>({
    name: interpretation.name,
    family: interpretation.family ?? base.family,
    checkpoint: own?.codec ?? (base.checkpoint as unknown as t.Decoder<unknown, D>),
    items: interpretation.items,
    ...(interpretation.tails !== undefined ? { tails: interpretation.tails } : {}),
    ...(interpretation.remember !== undefined ? { remember: interpretation.remember } : {}),
    ...(interpretation.requestRequired !== undefined ? { requestRequired: interpretation.requestRequired } : {}),
    ...(interpretation.defaultRequest !== undefined ? { defaultRequest: interpretation.defaultRequest } : {}),
    ...(interpretation.validate !== undefined ? { validate: interpretation.validate } : {}),
    ...(interpretation.checks !== undefined ? { checks: interpretation.checks } : {}),
    ...(base.serverEnd !== undefined ? { serverEnd: base.serverEnd } : {}),
    read: (context, request, options) => {
      const step = interpretation.start(context, request, options);
      const from = options.from === undefined ? undefined : own === undefined ? (options.from as unknown as C) : own.base(options.from);
      // Without the consumer's own pull the base is pulled a page at a time, as each is handed on:
      // pages do not pile up behind a step that waits (a lookup), and memory stays flat.
      const pull = options.pull === undefined ? new Subject<void>() : undefined;
      const baseOptions = { ...options, ...interpretation.options?.(options), from, ...(pull !== undefined ? { pull } : {}) } as unknown as BO;
      return base.read(context.transport, interpretation.request(request, options), baseOptions).pipe(
        concatMap((r): Observable<E.Either<CantonError, Page<B, D>>> => {
          if (E.isLeft(r)) return of(r);
          const page = r.right;
          const done = step(page);
          return concat(
            (isObservable(done) ? done : of(done)).pipe(concatMap((d) => (E.isLeft(d) ? [d] : pagesOf(page, d.right)))),
            defer(() => {
              // Handed on: the next page may come (a page without records took no pull).
              if (page.records.length > 0) pull?.next();
              return EMPTY;
            }),
          );
        }),
        // A Left ends the stream: nothing after it is read.
        takeWhile(E.isRight, true),
      );
    },
  });
};
