/** A key's extension, lower-cased with its dot (`.wav`), or '' when its last segment has none. */
export const extensionOf = (key: string): string => {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** How a stored file is served: a type from a fixed list by its extension, never one that renders as a page. */
export interface ServedType {
  contentType: string;
  /** `attachment` for anything a browser could open as a document of the CDN's origin. */
  disposition: 'inline' | 'attachment';
}

/** Unknown files download as opaque bytes. */
export const OPAQUE_TYPE: ServedType = { contentType: 'application/octet-stream', disposition: 'attachment' };

const inline = (contentType: string): ServedType => ({ contentType, disposition: 'inline' });
const attachment = (contentType: string): ServedType => ({ contentType, disposition: 'attachment' });

/** The extensions uploads are stored with (the gateway names them from the type the bytes show). */
const SERVED_TYPES: Record<string, ServedType> = {
  '.jpg': inline('image/jpeg'),
  '.jpeg': inline('image/jpeg'),
  '.png': inline('image/png'),
  '.webp': inline('image/webp'),
  '.tiff': inline('image/tiff'),
  '.gif': inline('image/gif'),
  '.wav': inline('audio/wav'),
  '.flac': inline('audio/flac'),
  '.aiff': inline('audio/aiff'),
  '.mp3': inline('audio/mpeg'),
  '.aac': inline('audio/aac'),
  '.m4a': inline('audio/mp4'),
  '.mp4': inline('video/mp4'),
  '.mov': inline('video/quicktime'),
  '.webm': inline('video/webm'),
  // XML can carry script (XHTML), text can be sniffed by old readers, PDF viewers run script:
  // these are downloaded, never opened on the CDN's origin.
  '.xml': attachment('application/xml'),
  '.csv': attachment('text/csv'),
  '.txt': attachment('text/plain'),
  '.pdf': attachment('application/pdf'),
  '.zip': attachment('application/zip'),
};

export const servedTypeOf = (key: string): ServedType => SERVED_TYPES[extensionOf(key)] ?? OPAQUE_TYPE;
