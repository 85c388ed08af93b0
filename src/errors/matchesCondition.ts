import type { ErrorBody, HttpError, KnownCondition } from './CantonError.js';

/** The body text of pekko-http's own 404, sent by Splice and Canton for a path no route matches. */
const ROUTE_NOT_FOUND_TEXT = 'The requested resource could not be found.';

const ledgerCode = (body: ErrorBody): string | undefined => (body._tag === 'LedgerError' ? body.error.code : undefined);

/** A Splice `ErrorResponse` (`{"error": "..."}`) whose message matches. */
const spliceMessage = (body: ErrorBody, pattern: RegExp): boolean => body._tag === 'SimpleError' && pattern.test(body.error);

/**
 * The router's own 404 for a path that no route matches: pekko's plain text, or the JSON
 * `{"errors": [...], "status": 404}` that older Canton JSON APIs send.
 */
const isRouteNotFound = (body: ErrorBody): boolean => {
  if (body._tag === 'Text') return body.text.trim() === ROUTE_NOT_FOUND_TEXT;
  if (body._tag !== 'Json' || typeof body.json !== 'object' || body.json === null) return false;
  const { errors, status } = body.json as { errors?: unknown; status?: unknown };
  return status === 404 && Array.isArray(errors) && errors.every((e) => typeof e === 'string');
};

/**
 * How the real servers signal each condition: the status and the body they send, taken from the
 * upstream sources (see docs/errors.md, "Conditions"). The status alone never decides: a wrong
 * base URL answers every path with the router's 404, which must not read as an answer.
 */
const RULES: { readonly [C in KnownCondition]: (e: HttpError) => boolean } = {
  ParticipantPruned: (e) => ledgerCode(e.body) === 'PARTICIPANT_PRUNED_DATA_ACCESSED',
  InvalidPageToken: (e) => ledgerCode(e.body) === 'INVALID_UPDATES_PAGE_TOKEN',
  // Canton 3.6.1 disables what 3.4 and 3.5 deprecated (endpoints, request fields) unless a feature flag re-enables it; 3.7 removes it.
  DeprecatedApiDisabled: (e) => ledgerCode(e.body) === 'DEPRECATED_API_DISABLED',
  // Scan: `No TransferCommandCounter found for party: <p>, use 0 for the nonce`.
  NoTransferCommandCounter: (e) => e.status === 404 && spliceMessage(e.body, /^No TransferCommandCounter found for party\b/),
  // Scan raises UNIMPLEMENTED "Bulk storage is not configured", which its handler maps to 400; the spec says 501.
  BulkStorageNotConfigured: (e) => (e.status === 400 || e.status === 501) && spliceMessage(e.body, /^Bulk storage is not configured\b/i),
  // The participant mounts the route only with traffic enforcement on: without it, the router's 404.
  TrafficEnforcementDisabled: (e) => e.status === 404 && isRouteNotFound(e.body),
  // Scan: `No snapshots found before <t>` / `No snapshots found after <t>` (and a missed exact time).
  SnapshotNotFound: (e) => e.status === 404 && spliceMessage(e.body, /^No snapshots? found\b/),
};

/**
 * Whether an HTTP error is the answer by which the real server signals `condition`: its status
 * and its body, never the status alone.
 * @internal
 */
export const matchesCondition = (condition: KnownCondition, error: HttpError): boolean => RULES[condition](error);
