import type { NextFunction, Request, Response } from 'express';
import { API_VERSION, Header, Messages, SUPPORTED_VERSIONS } from '@sv/contracts';
import { DomainError } from '@sv/platform';

const PATH_VERSION = /^\/(v\d+)(?=\/|$)/i;

export class UnsupportedVersionError extends DomainError {
  constructor(requested: string, where: 'path' | 'header', docsUrl: string) {
    const message = Messages.unsupportedVersion(requested);
    super(where === 'path' ? 'not_found' : 'bad_request', message, {
      code: 'api.unsupported_version',
      exactBody: {
        success: false,
        error: message,
        errors: {
          requested_version: requested,
          current_version: API_VERSION,
          supported_versions: [...SUPPORTED_VERSIONS],
          docs: docsUrl,
        },
      },
    });
  }
}

/**
 * `/v1/...` and unversioned paths are the same routes: the version segment is stripped here so
 * everything after sees one path. Another version in the path is 404, in the header 400; when
 * both are present the path wins.
 */
export const versioning =
  (docsUrl: string) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    const match = PATH_VERSION.exec(req.path);
    if (match) {
      const requested = match[1] ?? '';
      if (!(SUPPORTED_VERSIONS as readonly string[]).includes(requested.toLowerCase())) {
        throw new UnsupportedVersionError(requested, 'path', docsUrl);
      }
      req.url = req.url.slice(match[0].length) || '/';
      if (!req.url.startsWith('/')) req.url = `/${req.url}`;
      next();
      return;
    }
    const header = req.get(Header.apiVersion)?.trim();
    if (header && !(SUPPORTED_VERSIONS as readonly string[]).includes(header.toLowerCase())) {
      throw new UnsupportedVersionError(header, 'header', docsUrl);
    }
    next();
  };
