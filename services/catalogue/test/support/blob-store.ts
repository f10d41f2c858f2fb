import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';

/* What the platform's local blob store holds, to check what an upload kept or left behind. */

/** Every stored file, as keys (the gateway's temporary uploads aside), sorted. */
export const storedKeys = async (blobDir: string): Promise<string[]> =>
  (await readdir(blobDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(blobDir, join(entry.parentPath, entry.name)))
    .filter((key) => !key.startsWith('.incoming'))
    .sort();

/** The key behind one of our CDN URLs, checked to be a .jpg of the tenant on the CDN. */
export const jpegKeyOf = (cdnUrl: string, tenantId: string, url: string): string => {
  expect(url.startsWith(`${cdnUrl}/`)).toBe(true);
  const key = url.slice(cdnUrl.length + 1);
  expect(key).toMatch(new RegExp(`^${tenantId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.jpg$`));
  return key;
};

/** The stored file behind one of our CDN URLs, checked to be a JPEG of the tenant. */
export const storedJpegOf = async (blobDir: string, cdnUrl: string, tenantId: string, url: string): Promise<Buffer> => {
  const file = await readFile(join(blobDir, jpegKeyOf(cdnUrl, tenantId, url)));
  expect((await sharp(file).metadata()).format).toBe('jpeg');
  return file;
};
