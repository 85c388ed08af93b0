/**
 * The operations whose Prism check is not "request valid, answer decodes", each with its reason.
 * - `not sent`: the method refuses the call itself (overrides.unsendable in scripts/codegen).
 * - `sample does not decode`: Prism builds the answer from the schema with placeholder values
 *   (`"string"` for a timestamp the spec leaves untyped, `"string"` for a discriminator); the
 *   codec is right to refuse them, and its real payloads are decoded in fixtures.spec.ts.
 * - `error status`: Prism answers with a documented error status.
 */
export const prismExpectations: Readonly<Record<string, { readonly kind: 'not sent' } | { readonly kind: 'sample does not decode'; readonly reason: string } | { readonly kind: 'error status'; readonly status: number }>> = {
  'ledger.listVettedPackagesByGet': { kind: 'not sent' },
  'ledger.getActiveContractsPageByGet': { kind: 'not sent' },
  // Prism's own sample of the map breaks the spec (its sl-violations header names the response):
  // a member without the required `contract` and `status`.
  'scan.lookupTransferCommandStatus': { kind: 'sample does not decode', reason: "Prism's sample breaks the spec's required fields" },
  'validator.lookupTransferCommandStatus': { kind: 'sample does not decode', reason: "Prism's sample breaks the spec's required fields" },
};
