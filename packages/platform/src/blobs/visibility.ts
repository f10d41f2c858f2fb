import { extensionOf } from './served-type.ts';

/**
 * Who may read a stored file by its address alone. Public files (artwork, avatars, logos) are
 * served to anyone holding the URL; private ones (masters: audio, video, documents, bundles,
 * statements) only through a signed, expiring URL handed to their owner.
 */
export type BlobVisibility = 'public' | 'private';

/** Private files live under this key prefix, so a CDN (or a bucket policy) tells them apart without a database. */
export const PRIVATE_KEY_PREFIX = 'private/';

/** The image extensions a public file may have: nothing that runs or renders as a page. */
const PUBLIC_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tiff', '.gif']);

/**
 * The visibility a new file gets: the one asked for, except that only an image may be public
 * (anything else would be refused by the CDN anyway). Unasked, images are public.
 */
export const visibilityFor = (extension: string, requested?: BlobVisibility): BlobVisibility =>
  requested !== 'private' && PUBLIC_EXTENSIONS.has(extension.toLowerCase()) ? 'public' : 'private';

/**
 * Whether anyone may read `key` without a signature. Keys stored before visibility existed carry
 * no prefix: of those only images are public, so an old master's permanent URL stops working too.
 */
export const isPublicKey = (key: string): boolean => !key.startsWith(PRIVATE_KEY_PREFIX) && PUBLIC_EXTENSIONS.has(extensionOf(key));
