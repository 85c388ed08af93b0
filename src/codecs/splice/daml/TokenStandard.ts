/**
 * `splice-amulet`'s token-standard side: ExternalPartyAmuletRules (the transfer factory),
 * TransferCommand, and the AmuletTransferInstruction and AmuletAllocation templates with their
 * choices, as codecs of their Daml-LF JSON (docs/payloads.md), from
 * daml/splice-amulet/daml/Splice/ExternalPartyAmuletRules.daml, AmuletTransferInstruction.daml,
 * AmuletAllocation.daml and the token-standard APIs they implement.
 */
import { AnyValue, ContractId, Int, list, Numeric, Party, record, Text, Time, variant } from './lf.js';
import { ExtraArgs, InstrumentId, Metadata, TokenTransfer, TransferInstructionResult } from './Types.js';
import { PaymentTransferContext, TransferInput, TransferResult } from './AmuletRules.js';

/**
 * The `ExternalPartyAmuletRules` template: the DSO's transfer factory for external parties and the token standard.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.ExternalPartyAmuletRules)({ dso: 'DSO::1220…' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const ExternalPartyAmuletRules = record('ExternalPartyAmuletRules', { dso: Party });
export type ExternalPartyAmuletRules = typeof ExternalPartyAmuletRules._A;

/**
 * The `TransferCommand` template: an external party's signed order to transfer, executed by the DSO's automation.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferCommand)({ dso: 'DSO::1', sender: 'ext::1', receiver: 'bob::1', delegate: 'v::1', amount: '10.0', expiresAt: '2026-01-01T00:00:00Z', nonce: '0', description: null }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferCommand = record('TransferCommand', { dso: Party, sender: Party, receiver: Party, delegate: Party, amount: Numeric, expiresAt: Time, nonce: Int }, { description: Text, expectedDso: Party });
export type TransferCommand = typeof TransferCommand._A;

/**
 * The `TransferCommandCounter` template: the next nonce of an external party's transfer commands.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.TransferCommandCounter)({ dso: 'DSO::1', sender: 'ext::1', nextNonce: '3' }); // Right
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const TransferCommandCounter = record('TransferCommandCounter', { dso: Party, sender: Party, nextNonce: Int });
export type TransferCommandCounter = typeof TransferCommandCounter._A;

/**
 * The `AmuletTransferInstruction` template: a two-step token-standard transfer, its Amulet locked until the receiver accepts or rejects it or the sender withdraws it.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletTransferInstruction)(createdEvent.createArgument); // Right({ lockedAmulet: '00ab', transfer: {…} })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletTransferInstruction = record('AmuletTransferInstruction', { lockedAmulet: ContractId, transfer: TokenTransfer });
export type AmuletTransferInstruction = typeof AmuletTransferInstruction._A;

/**
 * `Splice.Api.Token.AllocationV1:AllocationSpecification`: a settlement's leg that an allocation reserves funds for.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AllocationSpecification)(allocation.allocation); // Right({ settlement, transferLegId, transferLeg })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AllocationSpecification = record('AllocationSpecification', {
  settlement: record('SettlementInfo', {
    executor: Party,
    settlementRef: record('Reference', { id: Text }, { cid: ContractId }),
    requestedAt: Time,
    allocateBefore: Time,
    settleBefore: Time,
    meta: Metadata,
  }),
  transferLegId: Text,
  transferLeg: record('TransferLeg', { sender: Party, receiver: Party, amount: Numeric, instrumentId: InstrumentId, meta: Metadata }),
});
export type AllocationSpecification = typeof AllocationSpecification._A;

/**
 * The `AmuletAllocation` template: Amulet locked for one leg of a settlement, until it is executed, cancelled or withdrawn.
 * @example
 * ```ts
 * import { decodeWith, splice } from 'canton-rx';
 * decodeWith(splice.AmuletAllocation)(createdEvent.createArgument); // Right({ lockedAmulet, allocation })
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const AmuletAllocation = record('AmuletAllocation', { lockedAmulet: ContractId, allocation: AllocationSpecification });
export type AmuletAllocation = typeof AmuletAllocation._A;

const extraArgsOnly = (name: string) => record(name, { extraArgs: ExtraArgs });
const allocationResult = (name: string) => record(name, { senderHoldingCids: list(ContractId) }, { receiverHoldingCids: list(ContractId), meta: Metadata });

/** @internal */
export const tokenStandardChoices = {
  ExternalPartyAmuletRules: {
    TransferFactory_Transfer: {
      argument: record('TransferFactory_Transfer', { expectedAdmin: Party, transfer: TokenTransfer, extraArgs: ExtraArgs }),
      result: TransferInstructionResult,
    },
  },
  TransferCommand: {
    TransferCommand_Send: {
      argument: record('TransferCommand_Send', { context: PaymentTransferContext, inputs: list(TransferInput), transferCounterCid: ContractId }, { transferPreapprovalCidO: ContractId }),
      result: record('TransferCommand_SendResult', {
        result: variant('TransferCommandResult', {
          TransferCommandResultFailure: record('TransferCommandResultFailure', { reason: AnyValue }),
          TransferCommandResultSuccess: record('TransferCommandResultSuccess', { result: TransferResult }),
        }),
        sender: Party,
        nonce: Int,
      }),
    },
  },
  AmuletTransferInstruction: {
    TransferInstruction_Accept: { argument: extraArgsOnly('TransferInstruction_Accept'), result: TransferInstructionResult },
    TransferInstruction_Reject: { argument: extraArgsOnly('TransferInstruction_Reject'), result: TransferInstructionResult },
    TransferInstruction_Withdraw: { argument: extraArgsOnly('TransferInstruction_Withdraw'), result: TransferInstructionResult },
  },
  AmuletAllocation: {
    Allocation_ExecuteTransfer: { argument: extraArgsOnly('Allocation_ExecuteTransfer'), result: allocationResult('Allocation_ExecuteTransferResult') },
    Allocation_Cancel: { argument: extraArgsOnly('Allocation_Cancel'), result: allocationResult('Allocation_CancelResult') },
    Allocation_Withdraw: { argument: extraArgsOnly('Allocation_Withdraw'), result: allocationResult('Allocation_WithdrawResult') },
  },
} as const;

