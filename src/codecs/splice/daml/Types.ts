/**
 * The data types the Splice templates share (Splice.Types, Splice.Fees, Splice.Expiry, the token
 * standard's Metadata and Transfer), as codecs of their Daml-LF JSON (docs/payloads.md). Each is
 * a value and a type of the same name.
 */
import { AnyValue, ContractId, Int, list, Numeric, Parties, Party, record, Text, textMap, Time, Unit, variant } from './lf.js';

/**
 * `Splice.Types:Round`: a mining round number, an Int64 string.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Round)({ number: '74223' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Round = record('Round', { number: Int });
export type Round = typeof Round._A;

/**
 * `DA.Time:RelTime`: a duration in microseconds (an Int64 string).
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.RelTime)({ microseconds: '600000000' }); // Right: ten minutes
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const RelTime = record('RelTime', { microseconds: Int });
export type RelTime = typeof RelTime._A;

/**
 * `Splice.Fees:ExpiringAmount`: an Amulet's amount, which its holding fee (`ratePerRound.rate`
 * per round since `createdAt`) wears down.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ExpiringAmount)({ initialAmount: '10.0000000000', createdAt: { number: '3' }, ratePerRound: { rate: '0.0038051800' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ExpiringAmount = record('ExpiringAmount', { initialAmount: Numeric, createdAt: Round, ratePerRound: record('RatePerRound', { rate: Numeric }) });
export type ExpiringAmount = typeof ExpiringAmount._A;

/**
 * `Splice.Expiry:TimeLock`: the holders of a lock and when it expires.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TimeLock)({ holders: ['dso::1220…'], expiresAt: '2025-06-18T00:00:00Z', optContext: 'transfer' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TimeLock = record('TimeLock', { holders: Parties, expiresAt: Time }, { optContext: Text });
export type TimeLock = typeof TimeLock._A;

/**
 * `Splice.Api.Token.MetadataV1:Metadata`: DNS-prefixed keys and text values.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.Metadata)({ values: { 'splice.lfdecentralizedtrust.org/tx-kind': 'transfer' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const Metadata = record('Metadata', { values: textMap(Text) });
export type Metadata = typeof Metadata._A;

/**
 * `Splice.Api.Token.MetadataV1:ExtraArgs`: the choice context and metadata a token-standard choice takes.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ExtraArgs)({ context: { values: {} }, meta: { values: {} } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ExtraArgs = record('ExtraArgs', { context: record('ChoiceContext', { values: textMap(AnyValue) }), meta: Metadata });
export type ExtraArgs = typeof ExtraArgs._A;

/**
 * `Splice.Api.Token.HoldingV1:InstrumentId`.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.InstrumentId)({ admin: 'DSO::1220…', id: 'Amulet' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const InstrumentId = record('InstrumentId', { admin: Party, id: Text });
export type InstrumentId = typeof InstrumentId._A;

/**
 * `Splice.Api.Token.TransferInstructionV1:Transfer`: a token-standard transfer.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TokenTransfer)({ sender: 'a::1', receiver: 'b::1', amount: '5.0', instrumentId: { admin: 'DSO::1', id: 'Amulet' },
 *   requestedAt: '2025-06-18T00:00:00Z', executeBefore: '2025-06-19T00:00:00Z', inputHoldingCids: ['00ab'], meta: { values: {} } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TokenTransfer = record('Transfer', { sender: Party, receiver: Party, amount: Numeric, instrumentId: InstrumentId, requestedAt: Time, executeBefore: Time, inputHoldingCids: list(ContractId), meta: Metadata });
export type TokenTransfer = typeof TokenTransfer._A;

/**
 * `Splice.Api.Token.TransferInstructionV1:TransferInstructionResult`: what a transfer factory or
 * instruction choice did: pending (an instruction), completed (the receiver's holdings), failed.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferInstructionResult)({ output: { tag: 'TransferInstructionResult_Completed', value: { receiverHoldingCids: ['00ab'] } }, senderChangeCids: [], meta: { values: {} } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferInstructionResult = record('TransferInstructionResult', {
  output: variant('TransferInstructionResult_Output', {
    TransferInstructionResult_Pending: record('TransferInstructionResult_Pending', { transferInstructionCid: ContractId }),
    TransferInstructionResult_Completed: record('TransferInstructionResult_Completed', { receiverHoldingCids: list(ContractId) }),
    TransferInstructionResult_Failed: Unit,
  }),
  senderChangeCids: list(ContractId),
  meta: Metadata,
});
export type TransferInstructionResult = typeof TransferInstructionResult._A;

/**
 * `Splice.Amulet:AmuletCreateSummary`: an Amulet created by a mint, tap or unlock, its round and the price then.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletCreateSummary)({ amulet: '00ab', amuletPrice: '0.0050000000', round: { number: '1' } }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletCreateSummary = record('AmuletCreateSummary', { amulet: ContractId, amuletPrice: Numeric, round: Round });
export type AmuletCreateSummary = typeof AmuletCreateSummary._A;

