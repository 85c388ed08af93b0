import * as t from 'io-ts';
import { int32, int64, optional, valueOf, wrapperUnion } from '../common/primitives.js';
import { Empty } from './Empty.js';
import { JsStatus, UnknownFieldSet } from './JsInterfaceView.js';
import { OffsetCheckpoint, SynchronizerTime } from './OffsetCheckpoint.js';
import { TraceContext } from './TraceContext.js';

/**
 * A protobuf `Duration`: whole seconds and the nanoseconds past them.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Duration)({ seconds: 30, nanos: 0 }); // Right({ seconds: 30, nanos: 0 })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const Duration = t.intersection(
  [
    t.type({
      seconds: int64,
      nanos: int32,
    }),
    t.partial({
      unknownFields: optional(UnknownFieldSet),
    }),
  ],
  'Duration',
);
export type Duration = t.TypeOf<typeof Duration>;

/**
 * How a command was deduplicated: `{"DeduplicationDuration": {"value": Duration}}`,
 * `{"DeduplicationOffset": {"value": offset}}` or `{"Empty": {}}`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.DeduplicationPeriod)({ DeduplicationOffset: { value: 42 } }); // Right: the same object
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const DeduplicationPeriod = wrapperUnion('DeduplicationPeriod', {
  DeduplicationDuration: valueOf(Duration, 'DeduplicationDuration'),
  DeduplicationOffset: valueOf(int64, 'DeduplicationOffset'),
  Empty,
});
export type DeduplicationPeriod = t.TypeOf<typeof DeduplicationPeriod>;

/**
 * The outcome of one submitted command (upstream `Completion1`, the payload of the `Completion`
 * variant): no `status` or a `status.code` of 0 is a success, with the `updateId` it produced.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.Completion1)(message.completionResponse.Completion.value); // Either<DecodeError, Completion1>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const Completion1 = t.intersection(
  [
    t.type({
      commandId: t.string,
      userId: t.string,
      offset: int64,
      actAs: t.array(t.string),
      synchronizerTime: SynchronizerTime,
    }),
    t.partial({
      status: optional(JsStatus),
      updateId: optional(t.string),
      submissionId: optional(t.string),
      deduplicationPeriod: optional(DeduplicationPeriod),
      traceContext: optional(TraceContext),
      paidTrafficCost: optional(int64),
    }),
  ],
  'Completion1',
);
export type Completion1 = t.TypeOf<typeof Completion1>;

/**
 * One element of a completion stream: `{"Completion": {"value": Completion1}}`,
 * `{"OffsetCheckpoint": {"value": OffsetCheckpoint}}` or `{"Empty": {}}`. Open: another kind is
 * an `UnknownMember<'CompletionResponse'>` (docs/codecs.md).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.CompletionResponse)({ OffsetCheckpoint: { value: { offset: 12 } } }); // Right: the same object
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const CompletionResponse = wrapperUnion('CompletionResponse', {
  Completion: valueOf(Completion1, 'Completion'),
  Empty,
  OffsetCheckpoint: valueOf(OffsetCheckpoint, 'OffsetCheckpoint'),
}, { group: 'ledger' });
export type CompletionResponse = t.TypeOf<typeof CompletionResponse>;

/**
 * One message of the completion WebSocket channels (when it is no `JsCantonError`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // each message of /v2/commands/command-completions
 * decodeWith(codecs.ledger.CompletionStreamResponse)(JSON.parse(message)); // Either<DecodeError, CompletionStreamResponse>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const CompletionStreamResponse = t.type(
  {
    // The spec lists no required field, yet a message without it would carry nothing at all.
    completionResponse: CompletionResponse,
  },
  'CompletionStreamResponse',
);
export type CompletionStreamResponse = t.TypeOf<typeof CompletionStreamResponse>;
