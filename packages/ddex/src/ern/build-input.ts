import type { DeliveryKind, EffectiveStoreConfig, ReleaseSnapshot } from '@sv/contracts';

/** A messaging party: its DDEX Party ID (a DPID such as PADPIDA2014120301U) and its name. */
export interface ErnParty {
  party_id: string;
  name: string;
}

/** A file delivered with the message: its name relative to the release folder, and its MD5. */
export interface ResourceFileInfo {
  /** e.g. `resources/0123456789012_01_001.flac` (see resourceFileNames). */
  file_name: string;
  /** Lower-case hex MD5 of the file's bytes. */
  md5: string;
}

/** A track's audio file as read from its bytes. */
export interface AudioFileInfo extends ResourceFileInfo {
  /** wav, flac, aiff, mp3, aac… */
  codec: string;
  sample_rate_hz: number;
  bit_depth: number | null;
  channels: number;
  duration_ms: number;
}

export interface ArtworkFileInfo extends ResourceFileInfo {
  width: number;
  height: number;
}

/** Everything one NewReleaseMessage is made of; the builder reads nothing else (no clock, no I/O). */
export interface ErnBuildInput {
  message_id: string;
  /** ISO 8601 date-time: the MessageCreatedDateTime. */
  created_at: string;
  /** TestMessage for the sandbox. */
  control: 'LiveMessage' | 'TestMessage';
  kind: DeliveryKind;
  /** The platform's own DPID: the MessageSender. */
  sender: ErnParty;
  /** The release's tenant (a child tenant has its own DPID): SentOnBehalfOf. */
  sent_on_behalf_of: ErnParty;
  /** The store: MessageRecipient (EffectiveStoreConfig.dsp.ddex_party_id and name). */
  recipient: ErnParty;
  release: ReleaseSnapshot;
  store: EffectiveStoreConfig;
  /** By track uuid; every track needs one, except in a takedown (whose files may be gone). */
  audio_files: Record<string, AudioFileInfo>;
  artwork_file: ArtworkFileInfo | null;
}

/** The input cannot make a sound message (a track without audio, a delivery without deals…). */
export class ErnBuildError extends Error {
  override name = 'ErnBuildError';
}
