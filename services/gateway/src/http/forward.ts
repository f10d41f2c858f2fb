import type { NatsConnection } from '@nats-io/transport-node';
import type { Request, Response } from 'express';
import { apiSubject, type AnyRouteDefinition, type ParsedServiceReply, type UploadedFile } from '@sv/contracts';
import { callService } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import { recordKeyedOutcome } from './keyed-outcome.ts';
import { locals } from './locals.ts';
import { nextPageLink, type PageMetaLike } from './next-link.ts';

const flatQuery = (query: Request['query']): Record<string, string | string[]> => {
  const flat: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') flat[key] = value;
    else if (Array.isArray(value)) flat[key] = value.filter((item): item is string => typeof item === 'string');
  }
  return flat;
};

/** A service answering a document (a DDEX preview) sets its own non-JSON content type and a string body. */
const isTextReply = (headers: Record<string, string>, body: unknown): body is string => {
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return typeof body === 'string' && type !== '' && !type.includes('json');
};

/**
 * The last step for a routed request: hand it to the owning service over NATS with the caller's
 * principal, record the reply for idempotency, and send it. An unreachable service is 503 at once.
 */
/** Files of a request the owning service refused, or never saw, are not kept. */
const discardFiles = async (blobs: BlobStore, files: UploadedFile[]): Promise<void> => {
  await Promise.allSettled(files.map((file) => blobs.remove(file.key)));
};

export const forward =
  (entry: AnyRouteDefinition, nc: NatsConnection, subjectPrefix: string, timeoutMs: number, blobs: BlobStore) =>
  async (req: Request, res: Response): Promise<void> => {
    const state = locals(res);
    const principal = state.principal;
    if (!principal) throw new Error('forward needs an authenticated principal');
    const files = (res.locals.upload as { files: UploadedFile[] } | undefined)?.files ?? [];
    let reply: ParsedServiceReply;
    try {
      reply = await callService(
        nc,
        apiSubject(subjectPrefix, entry.service),
        {
          operation: entry.operation,
          params: req.params as Record<string, string>,
          query: flatQuery(req.query),
          body: req.body,
          principal,
          files,
        },
        entry.serviceTimeoutMs ?? timeoutMs,
      );
    } catch (error) {
      await state.idempotency?.release();
      // Unreachable (no responder) means the service never saw it. On a timeout it may have, so keep.
      if ((error as { code?: string }).code === 'service_unreachable') await discardFiles(blobs, files);
      throw error;
    }
    if (reply.status >= 400) await discardFiles(blobs, files);
    const headers: Record<string, string> = { ...reply.headers };
    const link = nextPageLink(req, (reply.body as { meta?: PageMetaLike } | undefined)?.meta);
    if (link) headers.Link = link;
    await recordKeyedOutcome(state.idempotency, { status: reply.status, headers, body: reply.body });
    res.set(headers).status(reply.status);
    if (reply.status === 204 || reply.body === undefined) res.end();
    else if (isTextReply(headers, reply.body)) res.send(reply.body);
    else res.json(reply.body);
  };
