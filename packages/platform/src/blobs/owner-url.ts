import type { BlobStore } from './blob-store.ts';

/** A stored file as a row remembers it: its key and its address (older rows: maybe the address alone). */
export interface StoredFileRef {
  key?: string | null;
  url?: string | null;
}

/** The URL of a row's file to hand its owner now, or null when the row holds no file. */
export type OwnerUrlOf = (file: StoredFileRef) => Promise<string | null>;

/**
 * Mints an owner URL with `store.readUrl`: a public file's permanent address, a private file's
 * address signed for `expiresInSeconds`. A row without a key is read by the key of its stored
 * address, so a master stored as a permanent URL is handed out signed too; an address this store
 * does not serve is not ours to sign and is handed back as stored.
 */
export const ownerUrl = async (store: BlobStore, file: StoredFileRef, expiresInSeconds: number): Promise<string | null> => {
  const key = file.key || (file.url ? store.keyOf(file.url) : undefined);
  if (key) return store.readUrl(key, expiresInSeconds);
  return file.url || null;
};

/** `ownerUrl` bound to a store and a lifetime read when a URL is minted (not when bound). */
export const ownerUrls =
  (store: BlobStore, expiresInSeconds: () => number): OwnerUrlOf =>
  (file) =>
    ownerUrl(store, file, expiresInSeconds());
