import { map, type OperatorFunction } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError, DecodeError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { payloadDecoders, type UserTemplate } from '../codecs/splice/daml/payloadDecoders.js';
import { typeItem, type PayloadRefusal, type TypedEvent } from '../activity/typeItem.js';

/**
 * An item of the stream with its typed payloads: `item` is the item as it came (its checkpoint
 * is unchanged), `events` the events whose templates are known, in the item's order, and
 * `refused` the payloads a codec refused.
 * @example
 * ```ts
 * import type { TypedItem, codecs } from 'canton-rx';
 * const count = (t: TypedItem<codecs.scan.UpdateHistoryItemV2>) => t.events.length;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface TypedItem<I> {
  readonly item: I;
  readonly events: ReadonlyArray<TypedEvent>;
  readonly refused: ReadonlyArray<PayloadRefusal>;
}

/**
 * The options of {@link typedPayloads}.
 * @example
 * ```ts
 * import type { TypedPayloadsOptions } from 'canton-rx';
 * const options: TypedPayloadsOptions = { strict: true };
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface TypedPayloadsOptions {
  /** Your own templates, by `package-name:Module:Entity` (or `Module:Entity`, any package): io-ts codecs or codegen companions. */
  readonly templates?: Readonly<Record<string, UserTemplate>>;
  /** A refused payload makes its item a `Left(DecodeError)` naming the event and path, and a constructor or enum value a later package version added is refused. Default false. */
  readonly strict?: boolean;
}

/** The one `DecodeError` of a strict refusal: every refused payload's issues, with their paths in the item. */
const strictError = (refused: ReadonlyArray<PayloadRefusal>): DecodeError =>
  decodeError(
    'schema',
    refused.flatMap((r) => r.issues.map((i) => ({ ...i, message: `${r.template}${r.choice === undefined ? '' : ` ${r.choice}`} ${r.part} of event ${r.eventId}${i.message === undefined ? '' : `: ${i.message}`}` }))).slice(0, 20),
  );

/**
 * Types the Daml payloads of `scan.updates`, `scan.events` and `ledger.updates` items: every
 * create argument, choice argument and exercise result of a template it knows (the Splice
 * templates of docs/payloads.md, and yours) is decoded; the events of other templates are left
 * as they are. A payload its codec refuses is reported in `refused` and the item delivered all
 * the same (`strict`: the item becomes a `Left(DecodeError)` naming the event and path). Lefts
 * pass unchanged; nothing is dropped, nothing thrown.
 *
 * ```text
 * source:        --R(tx)------L(e)--R(tx2)--|
 * typedPayloads: --R({item: tx, events, refused})--L(e)--R({item: tx2, …})--|
 * ```
 *
 * @example
 * ```ts
 * import { createClient, typedPayloads } from 'canton-rx';
 * createClient({ scan: { url: 'https://scan.example.com/api/scan' } })
 *   .scan.updates({ page_size: 100 })
 *   .pipe(typedPayloads())
 *   .subscribe((r) => r._tag === 'Right' && r.right.events.forEach((e) => console.log(e.template, e.kind)));
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const typedPayloads = <I>(options: TypedPayloadsOptions = {}): OperatorFunction<E.Either<CantonError, I>, E.Either<CantonError, TypedItem<I>>> => {
  const lookup = payloadDecoders(options.templates);
  const strict = options.strict === true;
  return map((r) => {
    if (E.isLeft(r)) return r;
    const { events, refused } = typeItem(lookup, r.right, strict);
    if (strict && refused.length > 0) return E.left(strictError(refused));
    return E.right({ item: r.right, events, refused });
  });
};
