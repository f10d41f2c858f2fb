import type { EntityManager } from '@mikro-orm/postgresql';
import type { UploadedFile } from '@sv/contracts';
import {
  ImageRejectedError,
  putBuffer,
  readBuffer,
  uploadedImageRejectionError,
  type BlobStore,
  type Logger,
  type StoredBlob,
} from '@sv/platform';
import { reencodeImage, type ImageEncoding, type ReencodedImage } from '@sv/platform/images';
import { EXTENSION_BY_MIME, uploadKind } from '../routing/upload-kinds.ts';
import { TenantNotFoundError } from './tenants.errors.ts';

export type WhitelabelAsset = 'logo' | 'favicon';

export interface WhitelabelView {
  tenant_uuid: string;
  domain: string | null;
  logo_url: string | null;
  favicon_url: string | null;
}

interface WhitelabelRow {
  id: string;
  domain: string | null;
  logo_url: string | null;
  favicon_url: string | null;
}

const COLUMN: Record<WhitelabelAsset, string> = { logo: 'logo_url', favicon: 'favicon_url' };

const present = (row: WhitelabelRow | undefined): WhitelabelView => {
  if (!row) throw new TenantNotFoundError();
  return { tenant_uuid: row.id, domain: row.domain, logo_url: row.logo_url, favicon_url: row.favicon_url };
};

/** A tenant's white-label settings: its mapped domain and the CDN addresses of its logo and favicon. */
export const readWhitelabel = async (em: EntityManager, tenantId: string): Promise<WhitelabelView> => {
  const [row] = await em.execute<WhitelabelRow[]>(
    `select "id", "domain", "logo_url", "favicon_url" from "gateway"."tenant" where "id" = ? and "deleted_at" is null`,
    [tenantId],
  );
  return present(row);
};

/**
 * Points the tenant's logo or favicon at a stored file. The file it replaces stays in the
 * store: CDN addresses are immutable and may still be cached or embedded in sent mail.
 */
export const setWhitelabelAsset = async (
  em: EntityManager,
  tenantId: string,
  asset: WhitelabelAsset,
  url: string,
): Promise<WhitelabelView> => {
  const [row] = await em.execute<WhitelabelRow[]>(
    `update "gateway"."tenant" set "${COLUMN[asset]}" = ?, "updated_at" = now()
      where "id" = ? and "deleted_at" is null
      returning "id", "domain", "logo_url", "favicon_url"`,
    [url, tenantId],
  );
  return present(row);
};

const MEGABYTE = 1024 * 1024;
/** As covers are stored. */
const LOSSY_QUALITY = 92;

/**
 * A logo or favicon keeps a format browsers show, and its transparency: JPEG and WebP stay what
 * they were, PNG stays PNG, and TIFF (which browsers do not show) becomes PNG.
 */
const encodeForBrowsers: ImageEncoding = (decoded, source) => {
  if (source.mime === 'image/jpeg') return decoded.jpeg({ quality: LOSSY_QUALITY, mozjpeg: false });
  if (source.mime === 'image/webp') return decoded.webp({ quality: LOSSY_QUALITY });
  return decoded.png();
};

export interface WhitelabelImageDeps {
  blobs: BlobStore;
  logger: Logger;
}

/**
 * Re-encodes an uploaded logo or favicon and stores the result under a new key: only its pixels
 * are served, never the client's bytes (a web page after the image data, say). Refused like any
 * image upload: 422 on the file's field (over 8000x8000 by its header, corrupt, unreadable), 415
 * for a type we do not take. The raw upload is removed whatever the outcome.
 */
export const storeWhitelabelImage = async (deps: WhitelabelImageDeps, tenantId: string, file: UploadedFile): Promise<StoredBlob> => {
  try {
    const bytes = await readBuffer(deps.blobs, file.key, uploadKind('image').maxMegabytes * MEGABYTE);
    let image: ReencodedImage;
    try {
      image = await reencodeImage(bytes, encodeForBrowsers);
    } catch (error) {
      throw error instanceof ImageRejectedError ? uploadedImageRejectionError(file.field, error.rejection) : error;
    }
    const mime = `image/${image.format}`;
    return await putBuffer(deps.blobs, image.data, { tenantId, extension: EXTENSION_BY_MIME[mime] ?? '', contentType: mime });
  } finally {
    // A failure only leaves an orphan nobody points at: logged, not thrown.
    await deps.blobs.remove(file.key).catch((error: unknown) => deps.logger.warn({ err: error, key: file.key }, 'could not remove an upload'));
  }
};
