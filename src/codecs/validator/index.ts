/**
 * Codecs of the Splice validator API (`{validator_url}` = `https://<validator>/api/validator`),
 * named after their upstream schemas in ans-external.yaml, scan-proxy.yaml and the common specs.
 *
 * @packageDocumentation
 */
// Shared Splice schemas (also exported by codecs.scan)
export { Contract } from '../splice/Contract.js';
export { ContractWithState } from '../splice/ContractWithState.js';
export { MaybeCachedContractWithState } from '../splice/MaybeCachedContractWithState.js';
export { ErrorResponse } from '../splice/ErrorResponse.js';
// ANS
export { CreateAnsEntryRequest } from './CreateAnsEntryRequest.js';
export { CreateAnsEntryResponse } from './CreateAnsEntryResponse.js';
export { AnsEntryResponse, ListAnsEntriesResponse } from './ListAnsEntriesResponse.js';
// Scan proxy
export { GetOpenAndIssuingMiningRoundsProxyResponse } from './GetOpenAndIssuingMiningRoundsProxyResponse.js';
export { LookupFeaturedAppRightResponse } from '../scan/LookupFeaturedAppRightResponse.js';
