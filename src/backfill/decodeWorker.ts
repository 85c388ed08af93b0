/**
 * The entry of a page decoding worker thread (see `pageWorkers`), kept small: it reads a history
 * page handed to it as bytes as the HTTP core would (text, JSON), decodes it with the page's codec
 * and answers with the text when the codec accepts it as it is (the main thread then parses it
 * once more, with no decoding: the cheapest way to make its objects there), the decoded value
 * when the codec changed it, or the Left.
 */
import { parentPort } from 'node:worker_threads';
import * as E from 'fp-ts/lib/Either.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import { decodeResponse } from '../client/decodeResponse.js';
import { readBytesBody } from '../http/readBody.js';
import type { PageJob, PageResult } from './pageJob.js';

const codecs = { v1: UpdateHistoryResponse, v2: UpdateHistoryResponseV2 } as const;

parentPort?.on('message', (job: PageJob) => {
  const bytes = { _tag: 'Bytes' as const, bytes: job.bytes, contentType: job.contentType };
  const { text, body } = readBytesBody(bytes);
  const decoded = decodeResponse<unknown>(codecs[job.version])(E.right({ status: job.status, method: job.method, url: job.url, body: body ?? bytes }));
  const result: PageResult = E.isLeft(decoded)
    ? { id: job.id, error: decoded.left }
    : body?._tag === 'Json' && decoded.right === body.json
      ? { id: job.id, text }
      : { id: job.id, value: decoded.right };
  parentPort!.postMessage(result);
});
