import type { Request } from 'express';

/** The page meta of the spec's Conventions, as loosely as a forwarded reply may carry it. */
export interface PageMetaLike {
  mode?: string;
  has_more?: boolean;
  next_cursor?: string | null;
  current_page?: number;
  last_page?: number;
}

/** Where the gateway keeps its public origin (set once by createGatewayApp). */
export interface PublicOriginLocals {
  publicOrigin: () => string;
}

/**
 * `Link: <…>; rel="next"` while another page exists: the caller's path and query on the
 * configured public origin. Never the request's Host header, which the caller chooses.
 */
export const nextPageLink = (req: Request, meta: PageMetaLike | undefined): string | undefined => {
  if (!meta) return undefined;
  const url = new URL(req.originalUrl, (req.app.locals as PublicOriginLocals).publicOrigin());
  if (meta.mode === 'cursor') {
    if (!meta.has_more || !meta.next_cursor) return undefined;
    url.searchParams.set('cursor', meta.next_cursor);
    url.searchParams.delete('page');
    url.searchParams.delete('mode');
  } else if (meta.mode === 'offset') {
    if ((meta.current_page ?? 0) >= (meta.last_page ?? 0)) return undefined;
    url.searchParams.set('page', String((meta.current_page ?? 1) + 1));
  } else {
    return undefined;
  }
  return `<${url.toString()}>; rel="next"`;
};
