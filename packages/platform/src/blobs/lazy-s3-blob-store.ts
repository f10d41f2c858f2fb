import type { Readable } from 'node:stream';
import { keyFromPublicUrl, type BlobStore, type PutOptions, type StoredBlob } from './blob-store.ts';
import type { PresignedUpload, PresignPutOptions } from './presign.ts';
import type { S3Settings } from './s3-blob-store.ts';

interface LoadedS3 {
  store: BlobStore;
  destroy(): void;
}

/**
 * The S3 store, with the AWS SDK loaded on first use: most processes run on local disk, and the
 * SDK alone costs every service start a noticeable share of its module loading.
 */
export class LazyS3BlobStore implements BlobStore {
  #loaded: Promise<LoadedS3> | undefined;
  readonly #settings: S3Settings;
  readonly #bucket: string;
  readonly #publicUrl: string;

  constructor(settings: S3Settings, bucket: string, publicUrl: string) {
    this.#settings = settings;
    this.#bucket = bucket;
    this.#publicUrl = publicUrl;
  }

  #s3(): Promise<LoadedS3> {
    this.#loaded ??= import('./s3-blob-store.ts').then(({ S3BlobStore, createS3Client }) => {
      const client = createS3Client(this.#settings);
      return { store: new S3BlobStore(client, this.#bucket, this.#publicUrl), destroy: () => client.destroy() };
    });
    return this.#loaded;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
    return (await this.#s3()).store.put(source, options);
  }

  async remove(key: string): Promise<void> {
    return (await this.#s3()).store.remove(key);
  }

  async read(key: string): Promise<Readable> {
    return (await this.#s3()).store.read(key);
  }

  keyOf(url: string): string | undefined {
    return keyFromPublicUrl(this.#publicUrl, url);
  }

  async readUrl(key: string, expiresInSeconds: number): Promise<string> {
    return (await this.#s3()).store.readUrl(key, expiresInSeconds);
  }

  async presignPut(options: PresignPutOptions): Promise<PresignedUpload> {
    return (await this.#s3()).store.presignPut(options);
  }

  /** Closes the client's sockets, if it was ever made. */
  close(): void {
    void this.#loaded?.then((loaded) => loaded.destroy());
  }
}
