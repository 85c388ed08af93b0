import * as t from 'io-ts';
import { DamlValue, int32, optional } from '../common/primitives.js';

/**
 * The unknown protobuf fields carried along with a `ProtoAny`, keyed by field number.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.UnknownFieldSet)(detail.unknownFields); // Right({ fields: {} })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UnknownFieldSet = t.type(
  {
    // Field contents are not described further: no caller reads them, and checking them would cost time.
    fields: t.UnknownRecord,
  },
  'UnknownFieldSet',
);
export type UnknownFieldSet = t.TypeOf<typeof UnknownFieldSet>;

/**
 * A protobuf `Any` (an error detail of a `JsStatus`), with its bytes in base64.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.ProtoAny)(viewStatus.details[0]);
 * // Right({ typeUrl: 'type.googleapis.com/google.rpc.ErrorInfo', value: 'CgR…', unknownFields: { fields: {} }, … })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ProtoAny = t.intersection(
  [
    t.type({
      typeUrl: t.string,
      value: t.string,
      unknownFields: UnknownFieldSet,
    }),
    t.partial({
      // The spec says string, the server writes a JSON object for the detail types it knows.
      valueDecoded: t.unknown,
    }),
  ],
  'ProtoAny',
);
export type ProtoAny = t.TypeOf<typeof ProtoAny>;

/**
 * A gRPC status: whether an interface view could be computed (`code` 0) or why not.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsStatus)(interfaceView.viewStatus); // Right({ code: 0, message: '' }): the view was computed
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsStatus = t.intersection(
  [
    t.type({
      code: int32,
      message: t.string,
    }),
    t.partial({
      details: optional(t.array(ProtoAny)),
    }),
  ],
  'JsStatus',
);
export type JsStatus = t.TypeOf<typeof JsStatus>;

/**
 * The view of a created contract through one interface the request filtered on.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // One of createdEvent.interfaceViews, when the filter set includeInterfaceView
 * decodeWith(codecs.ledger.JsInterfaceView)(createdEvent.interfaceViews[0]); // Either<DecodeError, JsInterfaceView>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const JsInterfaceView = t.intersection(
  [
    t.type({
      interfaceId: t.string,
      viewStatus: JsStatus,
    }),
    t.partial({
      viewValue: DamlValue,
      implementationPackageId: optional(t.string),
    }),
  ],
  'JsInterfaceView',
);
export type JsInterfaceView = t.TypeOf<typeof JsInterfaceView>;
