import * as t from 'io-ts';

/**
 * The DSO party of the network (upstream `GetDsoPartyIdResponse`).
 * @category Codecs
 * @since 0.1.0
 */
export const GetDsoPartyIdResponse = t.type({ dso_party_id: t.string }, 'GetDsoPartyIdResponse');
export type GetDsoPartyIdResponse = t.TypeOf<typeof GetDsoPartyIdResponse>;
