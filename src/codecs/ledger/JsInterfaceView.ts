import * as t from 'io-ts';
import { DamlValue, int32, isInt32, isJsonObject, optional, withFastGuard } from '../common/primitives.js';

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
export const UnknownFieldSet = /*#__PURE__*/ (() =>
  withFastGuard(
    t.type(
      {
        // Field contents are not described further: no caller reads them, and checking them would cost time.
        fields: t.UnknownRecord,
      },
      'UnknownFieldSet',
    ),
    (u) => isJsonObject(u) && isJsonObject(u.fields),
  ))();
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
export const ProtoAny = /*#__PURE__*/ (() =>
  withFastGuard(
    t.intersection(
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
    ),
    (u) => isJsonObject(u) && typeof u.typeUrl === 'string' && typeof u.value === 'string' && UnknownFieldSet.is(u.unknownFields),
  ))();
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
export const JsStatus = /*#__PURE__*/ (() =>
  withFastGuard(
    t.intersection(
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
    ),
    (u) => {
      if (!isJsonObject(u) || !isInt32(u.code) || typeof u.message !== 'string') return false;
      const details = u.details;
      if (details === undefined || details === null) return true;
      if (!Array.isArray(details)) return false;
      for (let i = 0; i < details.length; i++) if (!ProtoAny.is(details[i])) return false;
      return true;
    },
  ))();
export type JsStatus = t.TypeOf<typeof JsStatus>;

// Fast guards: every created event of an ACS page or an update with interface filters carries
// views, so io-ts's intersection walk here was a fifth of decoding those pages (profiled, issue 30).
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
export const JsInterfaceView = /*#__PURE__*/ (() =>
  withFastGuard(
    t.intersection(
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
    ),
    (u) => {
      if (!isJsonObject(u) || typeof u.interfaceId !== 'string' || !JsStatus.is(u.viewStatus)) return false;
      const pkg = u.implementationPackageId;
      return pkg === undefined || pkg === null || typeof pkg === 'string';
    },
  ))();
export type JsInterfaceView = t.TypeOf<typeof JsInterfaceView>;
