import { createHash } from 'node:crypto';
import type { DeliveryKind, EffectiveStoreConfig, ReleaseSnapshot, TenantPartyReply } from '@sv/contracts';
import { batchCompleteFileName, buildBatchComplete, buildErn, ernFileName, resourceFileNames, type ErnBuildInput, type ErnVersion } from '@sv/ddex';
import type { BlobStore } from '@sv/platform';
import type { DeliveredFile } from '../../db/entities/delivery.entity.ts';
import { readArtwork } from '../qc/evidence.ts';
import type { Bundle, BundleFile } from '../transports/transport.ts';
import type { FileDigests } from './file-digests.ts';

const EXTENSIONS: Record<string, string> = { wav: 'wav', flac: 'flac', aiff: 'aif', mp3: 'mp3', aac: 'aac', m4a: 'm4a', alac: 'm4a' };
const CODECS: Record<string, string> = { wav: 'PCM', flac: 'FLAC', aiff: 'PCM', mp3: 'MP3', aac: 'AAC', m4a: 'AAC', alac: 'ALAC' };

export interface MessageParties {
  sender: { party_id: string; name: string };
  tenant: TenantPartyReply;
  control: ErnBuildInput['control'];
}

export interface PreparedMessage {
  input: ErnBuildInput;
  resources: (BundleFile & { md5: string })[];
}

/**
 * Everything a message says about the files (names, checksums, technical details), read from the
 * stored files themselves, and the files to upload. Tracks without audio are left out of the
 * file list (QC has refused such a release before any delivery; a preview still shows the rest).
 */
export const prepareMessage = async (
  blobs: BlobStore,
  digests: FileDigests,
  release: ReleaseSnapshot,
  store: EffectiveStoreConfig,
  kind: DeliveryKind,
  parties: MessageParties,
  message: { id: string; createdAt: string },
): Promise<PreparedMessage> => {
  const resources: PreparedMessage['resources'] = [];
  const audioFiles: ErnBuildInput['audio_files'] = {};
  for (const track of release.tracks) {
    const audio = track.audio;
    if (!audio) continue;
    const format = audio.format ?? 'wav';
    const name = resourceFileNames.audio(release, track, EXTENSIONS[format] ?? format);
    const { md5, size } = await digests.of(audio.key);
    audioFiles[track.uuid] = {
      file_name: name,
      md5,
      codec: CODECS[format] ?? format.toUpperCase(),
      sample_rate_hz: audio.sample_rate_hz ?? 44_100,
      bit_depth: audio.bit_depth,
      channels: audio.channels ?? 2,
      duration_ms: audio.duration_ms ?? (track.duration_seconds ?? 0) * 1000,
    };
    resources.push({ name, size, md5, open: () => blobs.read(audio.key) });
  }
  let artworkFile: ErnBuildInput['artwork_file'] = null;
  if (release.artwork) {
    const key = release.artwork.key;
    const cover = await readArtwork(blobs, key);
    if (!cover) throw new Error('The stored cover artwork could not be read.');
    const name = resourceFileNames.artwork(release);
    const { md5, size } = await digests.of(key);
    artworkFile = { file_name: name, md5, width: cover.width, height: cover.height };
    resources.push({ name, size, md5, open: () => blobs.read(key) });
  }
  return {
    input: {
      message_id: message.id,
      created_at: message.createdAt,
      control: parties.control,
      kind,
      sender: parties.sender,
      sent_on_behalf_of: { party_id: parties.tenant.ddex_party_id, name: parties.tenant.name },
      recipient: { party_id: store.dsp.ddex_party_id, name: store.dsp.name },
      release,
      store,
      audio_files: audioFiles,
      artwork_file: artworkFile,
    },
    resources,
  };
};

/**
 * The message's version: a digest of the message built in the store's ERN version with a fixed
 * id and time. The builders are deterministic, so equal digests mean the store would receive the
 * same message again (a store moved to another ERN version receives a new one).
 */
export const versionOf = (ernVersion: ErnVersion, input: ErnBuildInput): string =>
  createHash('sha256')
    .update(buildErn(ernVersion, { ...input, message_id: 'VERSION', created_at: '1970-01-01T00:00:00Z' }))
    .digest('hex');

/**
 * The bundle as the store receives it. Media go with new releases and redeliveries; an update or
 * a takedown refers to the files the store already holds, so only its ERN is sent.
 */
export const bundleOf = (release: ReleaseSnapshot, batchId: string, xml: string, prepared: PreparedMessage, withMedia: boolean): Bundle => {
  const ern = ernFileName(release);
  const { input } = prepared;
  return {
    batchId,
    releaseFolder: release.upc,
    ern: { name: ern, xml },
    resources: withMedia ? prepared.resources : [],
    batchComplete: {
      name: batchCompleteFileName(batchId),
      content: buildBatchComplete(batchId, {
        created_at: input.created_at,
        sender: input.sender,
        recipient: input.recipient,
        test: input.control === 'TestMessage',
        messages: [{ message_id: input.message_id, kind: input.kind, release_id: release.upc, url: `${release.upc}/${ern}`, md5: createHash('md5').update(xml).digest('hex') }],
      }),
    },
  };
};

/** The files of a sent bundle, as the deliveries list shows them. */
export const deliveredFiles = (bundle: Bundle, prepared: PreparedMessage): DeliveredFile[] => [
  ...bundle.resources.map((file) => ({ name: file.name, size: file.size, md5: prepared.resources.find((resource) => resource.name === file.name)?.md5 ?? '' })),
  { name: bundle.ern.name, size: Buffer.byteLength(bundle.ern.xml), md5: createHash('md5').update(bundle.ern.xml).digest('hex') },
];
