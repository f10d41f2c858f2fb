import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ReleaseSnapshot } from '@sv/contracts';
import { LocalDiskBlobStore, createLogger, openDatabase, putBuffer } from '@sv/platform';
import { audioSnapshot, createTestDatabase, releaseSnapshot, trackSnapshot, writeTone } from '@sv/testing';
import sharp from 'sharp';
import { DELIVERY_ENTITIES, DELIVERY_MIGRATIONS, DELIVERY_SCHEMA } from '../../src/db/index.ts';

export const silentLogger = createLogger({ service: 'delivery', env: 'production', level: 'silent', pretty: false });

/** A migrated delivery schema in its own database, a local blob store and a scratch folder. */
export interface DeliverySchema {
  orm: MikroORM;
  /** The database's address, for a second "replica" with its own pool. */
  url: string;
  blobs: LocalDiskBlobStore;
  dir: string;
  close(): Promise<void>;
}

export const openDeliverySchema = async (label: string): Promise<DeliverySchema> => {
  const db = await createTestDatabase(label);
  const orm = await openDatabase({ url: db.url, schema: DELIVERY_SCHEMA, entities: DELIVERY_ENTITIES, migrations: DELIVERY_MIGRATIONS, logger: silentLogger });
  const dir = await mkdtemp(join(tmpdir(), `sv-${label}-`));
  return {
    orm,
    url: db.url,
    blobs: new LocalDiskBlobStore(join(dir, 'blobs'), 'http://cdn.test'),
    dir,
    async close() {
      await orm.close(true);
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** An approved single whose audio (a real 4-second 24-bit WAV) and 3000x3000 cover are stored. */
export const storedRelease = async (schema: DeliverySchema, tenantId: string, overrides: Partial<ReleaseSnapshot> = {}): Promise<ReleaseSnapshot> => {
  const wav = await readFile(await writeTone(join(schema.dir, `tone-${Date.now()}.wav`), {}));
  const audio = await putBuffer(schema.blobs, wav, { tenantId, extension: '.wav', contentType: 'audio/wav' });
  const jpeg = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const cover = await putBuffer(schema.blobs, jpeg, { tenantId, extension: '.jpg', contentType: 'image/jpeg' });
  return releaseSnapshot({
    uuid: crypto.randomUUID(),
    tenant_id: tenantId,
    status: 'approved',
    artwork: { key: cover.key, url: cover.url, mime_type: 'image/jpeg', size: jpeg.length },
    tracks: [trackSnapshot({ duration_seconds: 4, audio: audioSnapshot(1, 4, { key: audio.key, url: audio.url, size: wav.length }) })],
    ...overrides,
  });
};
