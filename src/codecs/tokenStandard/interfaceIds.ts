/**
 * The interface ids of the token standard's views, in the package-name form the JSON API
 * accepts in filters and commands (`#<package-name>:<module>:<entity>`): whichever package
 * version a participant has vetted. The ledger answers with the package-id form
 * (`<package-id>:<module>:<entity>`); compare the part after the first colon.
 * @example
 * ```ts
 * import { tokenStandardInterfaces } from 'canton-rx';
 * const filter = { identifierFilter: { InterfaceFilter: { value: { interfaceId: tokenStandardInterfaces.Holding, includeInterfaceView: true } } } };
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const tokenStandardInterfaces = {
  Holding: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding',
  TransferInstruction: '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction',
  Allocation: '#splice-api-token-allocation-v1:Splice.Api.Token.AllocationV1:Allocation',
} as const;
