import type { NatsConnection } from '@nats-io/transport-node';
import type { Request, Response } from 'express';
import { apiSubject, type AnyRouteDefinition, type ParsedServiceReply, type UploadedFile } from '@sv/contracts';
import { callService } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import { recordKeyedOutcome } from './keyed-outcome.ts';
import { locals } from './locals.ts';
import { nextPageLink, type PageMetaLike } from './next-link.ts';
import type { CachedAnswer, ReadTicket, ResponseCache } from '../app/response-cache/response-cache.ts';
import { cachedReads } from '../app/response-cache/response-cache-metrics.ts';

/** The query as the owning service receives it: each value a string or a list of strings. */
export const flatQuery = (query: Request['query']): Record<string, string | string[]> => {
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

/** Files of a request the owning service refused, or never saw, are not kept. */
const discardFiles = async (blobs: BlobStore, files: UploadedFile[]): Promise<void> => {
  await Promise.allSettled(files.map((file) => blobs.remove(file.key)));
};

export interface ForwardDeps {
  nc: NatsConnection;
  subjectPrefix: string;
  timeoutMs: number;
  blobs: BlobStore;
  /** Answers of cached reads; every forwarded write drops its tenant's. */
  responses: ResponseCache;
}

/** A client asking for a fresh answer (`Cache-Control: no-cache`) gets one, which is kept for the next. */
const wantsFresh = (req: Request): boolean => /\bno-(cache|store)\b|\bmax-age=0\b/i.test(req.get('cache-control') ?? '');

/**
 * The last step for a routed request: hand it to the owning service over NATS with the caller's
 * principal, record the reply for idempotency, and send it. An unreachable service is 503 at once.
 * A cached read is answered from the gateway's cache when it holds this caller's same request.
 */
export const forward = (entry: AnyRouteDefinition, deps: ForwardDeps) => {
  const { nc, subjectPrefix, timeoutMs, blobs, responses } = deps;
  const subject = apiSubject(subjectPrefix, entry.service);
  const cached = entry.cached === true && responses.enabled;
  return async (req: Request, res: Response): Promise<void> => {
    const state = locals(res);
    const principal = state.principal;
    if (!principal) throw new Error('forward needs an authenticated principal');
    const files = (res.locals.upload as { files: UploadedFile[] } | undefined)?.files ?? [];
    const request = {
      operation: entry.operation,
      params: req.params as Record<string, string>,
      query: flatQuery(req.query),
      body: req.body,
      principal,
      files,
    };
    let read: { key: string; ticket: ReadTicket } | undefined;
    if (cached) {
      // What the service sees is all its answer depends on; the caller is part of it.
      const key = JSON.stringify([entry.operation, request.params, request.query, principal]);
      const fresh = wantsFresh(req);
      const hit = fresh ? undefined : responses.find(key);
      cachedReads.inc({ result: fresh ? 'fresh' : hit ? 'hit' : 'miss' });
      if (hit) return sendCached(req, res, hit);
      read = { key, ticket: responses.ticket(principal.tenant_id) };
    }
    let reply: ParsedServiceReply;
    try {
      reply = await callService(nc, subject, request, entry.serviceTimeoutMs ?? timeoutMs);
    } catch (error) {
      await state.idempotency?.release();
      // Unreachable (no responder) means the service never saw it. On a timeout it may have, so keep.
      if ((error as { code?: string }).code === 'service_unreachable') await discardFiles(blobs, files);
      throw error;
    } finally {
      // A write may have changed what the tenant's cached reads answer, whatever came back.
      if (entry.method !== 'GET') responses.dropTenant(principal.tenant_id);
    }
    if (reply.status >= 400) await discardFiles(blobs, files);
    const headers: Record<string, string> = { ...reply.headers };
    const meta = (reply.body as { meta?: PageMetaLike } | undefined)?.meta;
    const link = nextPageLink(req, meta);
    if (link) headers.Link = link;
    await recordKeyedOutcome(state.idempotency, { status: reply.status, headers, body: reply.body });
    res.set(headers).status(reply.status);
    if (reply.status === 204 || reply.body === undefined) return void res.end();
    if (isTextReply(headers, reply.body)) return void res.send(reply.body);
    if (read && reply.status === 200) {
      const json = JSON.stringify(reply.body);
      responses.keep(read.key, read.ticket, { headers: reply.headers, json, meta });
      return void res.type('json').send(json);
    }
    res.json(reply.body);
  };
};

/** A kept answer, sent as the service's would be; the next-page link is built for this request. */
const sendCached = (req: Request, res: Response, answer: CachedAnswer): void => {
  const link = nextPageLink(req, answer.meta as PageMetaLike | undefined);
  res.set(link ? { ...answer.headers, Link: link } : answer.headers).status(200);
  res.type('json').send(answer.json);
};
