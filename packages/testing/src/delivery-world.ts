import { mkdir, mkdtemp, readFile, readdir, rm, chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { acknowledgementFileName, buildErnAcknowledgement, type AcknowledgedStatus } from '@sv/ddex';
import { apiClient, type ApiResponse } from './api-client.ts';
import { startPlatform, type TestPlatform } from './platform.ts';
import { startSftpServer, type SftpServer } from './sftp-server.ts';
import { writeTone, type ToneOptions } from './audio-files.ts';
import { poll } from './polling.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

export type Api = ReturnType<typeof apiClient>;

/**
 * One whole platform for a delivery test file: catalogue, supply-chain, webhooks, delivery and a
 * gateway on their own database and subjects, a real SFTP server as every store's endpoint, and
 * the operator command for tenants, artists and keys.
 */
export interface DeliveryWorld {
  platform: TestPlatform;
  sftp: SftpServer;
  db: pg.Client;
  files: string;
  /** The delivery service's directory store (the sandbox's only transport). */
  deliveryDir: string;
  /** An owner key with roster access of a new tenant, and one of its artists. */
  label(slug: string): Promise<{ api: Api; artistId: string; tenantId: string }>;
  stop(): Promise<void>;
}

export const startDeliveryWorld = async (
  deliveryEnv: Record<string, string> = {},
  environment: 'production' | 'sandbox' = 'production',
): Promise<DeliveryWorld> => {
  const sftp = await startSftpServer();
  const platform = await startPlatform({ supplyChain: true, webhooks: true, environment });
  const files = await mkdtemp(join(tmpdir(), 'sv-delivery-files-'));
  const deliveryDir = join(files, 'directory-store');
  await platform.startDelivery({
    SV_DELIVERY_DIR: deliveryDir,
    ...sftp.deliveryEnv,
    SV_QC_TICK_MS: '500',
    SV_DELIVERY_TICK_MS: '1000',
    SV_ACK_POLL_MS: '500',
    SV_AUDIO_VALIDATOR_MS: '1000',
    SV_DELIVERY_RETRY_BASE_MS: '200',
    SV_DELIVERY_RETRY_CAP_MS: '1000',
    SV_DDEX_PARTY_ID: 'PADPIDA2026TESTS01',
    ...deliveryEnv,
  });
  const db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
  return {
    platform,
    sftp,
    db,
    files,
    deliveryDir,
    async label(slug) {
      const env = ['--env', environment];
      const tenant = await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`, ...env);
      const artist = await platform.adminOk('artist', 'create', '--tenant', slug, '--name', `Artist ${slug}`, '--slug', `artist-${slug}`, ...env);
      const key = await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'owner', '--roster', ...env);
      return { api: apiClient(platform.baseUrl, String(key.key)), artistId: String(artist.artist.uuid), tenantId: String(tenant.tenant.uuid) };
    },
    async stop() {
      await db.end();
      await platform.stop();
      await sftp.stop();
      await rm(files, { recursive: true, force: true });
    },
  };
};

const expectStatus = (response: ApiResponse, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text}`);
};

/** A release made through the API: tracks with real audio (unless `audio` is false) and a real cover. */
export const makeRelease = async (
  world: DeliveryWorld,
  api: Api,
  artistId: string,
  options: { title?: string; tracks?: number; audio?: boolean | ToneOptions; artwork?: boolean; type?: string } = {},
): Promise<{ releaseId: string; upc: string; trackIds: string[] }> => {
  const created = await api('/v1/releases', {
    body: { title: options.title ?? 'Morning Songs', type: options.type ?? 'single', release_date: '2027-02-01', genre: 'Pop', artist_id: artistId, label: 'Demo Label' },
  });
  expectStatus(created, 201, 'release create');
  const releaseId = String(created.body.release.uuid);
  const trackIds: string[] = [];
  for (let position = 1; position <= (options.tracks ?? 1); position++) {
    const track = await api(`/v1/releases/${releaseId}/tracks`, { body: { title: `Song ${position}`, position, explicit: false } });
    expectStatus(track, 201, 'track create');
    const trackId = String(track.body.track.uuid);
    trackIds.push(trackId);
    if (options.audio !== false) {
      const path = await writeTone(join(world.files, `${trackId}.wav`), typeof options.audio === 'object' ? options.audio : {});
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(await readFile(path))], { type: 'audio/wav' }), 'song.wav');
      expectStatus(await api(`/v1/tracks/${trackId}/audio`, { method: 'POST', raw: form }), 200, 'audio upload');
    }
  }
  if (options.artwork !== false) {
    const jpeg = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).jpeg({ quality: 80 }).toBuffer();
    const form = new FormData();
    form.append('artwork', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cover.jpg');
    expectStatus(await api(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: form }), 200, 'artwork upload');
  }
  const read = await api(`/v1/releases/${releaseId}`);
  return { releaseId, upc: String(read.body.release.upc), trackIds };
};

/** Attaches the stores (when any are named), submits and approves; QC then runs on its own. */
export const submitAndApprove = async (api: Api, releaseId: string, stores: string[]): Promise<void> => {
  if (stores.length > 0) expectStatus(await api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: stores } }), 200, 'attach stores');
  expectStatus(await api(`/v1/releases/${releaseId}/submit`, { method: 'POST' }), 200, 'submit');
  expectStatus(await api(`/v1/releases/${releaseId}/approve`, { method: 'POST' }), 200, 'approve');
};

export const releaseStatus = async (api: Api, releaseId: string): Promise<{ status: string; rejection_reason: string | null }> =>
  (await api(`/v1/releases/${releaseId}`)).body.release;

export const waitForStatus = (api: Api, releaseId: string, statuses: string[], timeoutMs = 60_000) =>
  poll(`release ${releaseId} to reach ${statuses.join(' or ')}`, async () => {
    const release = await releaseStatus(api, releaseId);
    return statuses.includes(release.status) ? release : undefined;
  }, timeoutMs);

/** Every file under a store's folder on the SFTP server, relative to it. */
export const storeFiles = async (world: DeliveryWorld, slug: string): Promise<string[]> => {
  const root = join(world.sftp.root, slug);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1)).sort();
};

/** The store writes an acknowledgement into its acks folder, as a store's system would. */
export const acknowledge = async (
  world: DeliveryWorld,
  slug: string,
  upc: string,
  messageId: string,
  status: AcknowledgedStatus,
  errorText?: string,
): Promise<string> => {
  const acks = join(world.sftp.root, slug, 'acks');
  await mkdir(acks, { recursive: true });
  await chmod(acks, 0o777);
  const createdAt = new Date().toISOString();
  const name = acknowledgementFileName(createdAt, upc);
  await writeFile(
    join(acks, name),
    buildErnAcknowledgement({
      message_id: `ACK${Date.now()}`,
      created_at: createdAt,
      sender: { party_id: 'PADPIDA2011072101T', name: slug },
      recipient: { party_id: 'PADPIDA2026TESTS01', name: 'SV Distribution' },
      releases: [{ release_id: upc, acknowledged_message_id: messageId, status, error_text: errorText ?? null }],
    }),
  );
  return name;
};

/** What a tenant sees of its releases' deliveries: its webhook events and the deliveries list. */
export interface DeliveryObserver {
  receiver: Receiver;
  /**
   * Event types the tenant's webhook received for the release, in the order they happened (their
   * `created_at`): deliveries run concurrently and a retried one arrives late.
   */
  eventsOf(releaseId: string): string[];
  /** GET /releases/{uuid}/ddex/deliveries. */
  deliveriesOf(releaseId: string): Promise<Record<string, any>[]>;
  close(): Promise<void>;
}

/** Subscribes a real webhook receiver to `events` for the tenant of `api`. */
export const observeDeliveries = async (api: Api, events: string[]): Promise<DeliveryObserver> => {
  const receiver = await startReceiver({ ok: () => ({ status: 200 }) });
  expectStatus(await api('/v1/webhooks', { body: { name: 'delivery observer', url: receiver.url('/ok/observer'), events } }), 201, 'webhook create');
  return {
    receiver,
    eventsOf: (releaseId) =>
      receiver.received
        .map((request) => JSON.parse(request.raw) as { type: string; created_at: string; data: { release_id?: string } })
        .filter((event) => event.data.release_id === releaseId)
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
        .map((event) => event.type),
    deliveriesOf: async (releaseId) => (await api(`/v1/releases/${releaseId}/ddex/deliveries`)).body.deliveries,
    close: () => receiver.close(),
  };
};
