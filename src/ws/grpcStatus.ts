/**
 * The HTTP status the JSON API gives a gRPC status code (as it answers its HTTP routes), so that
 * an error sent as a WebSocket message is the same `HttpError` its HTTP twin would be: same
 * `status`, so the same retry decisions. Codes it does not know are a 500.
 */
const BY_GRPC_CODE: Readonly<Record<number, number>> = { 1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401 };

/** @internal */
export const httpStatusOfGrpc = (code: number | null | undefined): number => (code == null ? 500 : BY_GRPC_CODE[code] ?? 500);
