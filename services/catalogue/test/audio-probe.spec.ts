import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskBlobStore, putBuffer } from '@sv/platform';
import { probeAudio } from '../src/app/audio/audio-probe.ts';
import { AudioTypeNotAllowedError, AudioUnreadableError } from '../src/app/audio/audio.errors.ts';
import {
  AIFF_16_BIT,
  FLAC_24_BIT,
  MP3_FRAME_COUNT,
  WAV_24_BIT,
  adtsFile,
  aiffFile,
  brokenWavFile,
  crc16,
  crc8,
  flacFile,
  m4aFile,
  mp3File,
  oggVorbisFile,
  textFile,
  wavFile,
} from './support/audio-fixtures.ts';

/*
 * The audio probe on the generated fixtures, read back through a real (local disk) blob store:
 * the format comes from the bytes, never from a claimed type or name.
 */

let root: string;
let blobs: LocalDiskBlobStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sv-audio-probe-'));
  blobs = new LocalDiskBlobStore(root, 'http://cdn.test');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Stores `bytes` under a misleading extension, as a client could, and probes them. */
const probe = async (bytes: Buffer) => {
  const stored = await putBuffer(blobs, bytes, { tenantId: '00000000-0000-4000-8000-000000000000', extension: '.wav' });
  return probeAudio(blobs, stored.key, stored.size);
};

describe('the fixtures', () => {
  it('use the FLAC checksums of the specification (check values of "123456789")', () => {
    expect(crc8(Buffer.from('123456789'))).toBe(0xf4);
    expect(crc16(Buffer.from('123456789'))).toBe(0xfee8);
  });
});

describe('probeAudio', () => {
  it('reads a 24-bit 44.1 kHz stereo WAV', async () => {
    await expect(probe(wavFile())).resolves.toEqual({
      format: 'wav',
      mimeType: 'audio/wav',
      sampleRateHz: WAV_24_BIT.sampleRate,
      bitDepth: 24,
      channels: 2,
      durationMs: WAV_24_BIT.seconds * 1000,
    });
  });

  it('reads a FLAC from its STREAMINFO', async () => {
    await expect(probe(flacFile())).resolves.toEqual({
      format: 'flac',
      mimeType: 'audio/flac',
      sampleRateHz: FLAC_24_BIT.sampleRate,
      bitDepth: 24,
      channels: 2,
      durationMs: FLAC_24_BIT.seconds * 1000,
    });
  });

  it('reads an AIFF', async () => {
    await expect(probe(aiffFile())).resolves.toEqual({
      format: 'aiff',
      mimeType: 'audio/aiff',
      sampleRateHz: AIFF_16_BIT.sampleRate,
      bitDepth: 16,
      channels: 2,
      durationMs: AIFF_16_BIT.seconds * 1000,
    });
  });

  it('reads an MP3, with no bit depth (lossy) and the duration of its frames', async () => {
    await expect(probe(mp3File())).resolves.toEqual({
      format: 'mp3',
      mimeType: 'audio/mpeg',
      sampleRateHz: 44_100,
      bitDepth: null,
      channels: 2,
      durationMs: Math.round(((MP3_FRAME_COUNT * 1152) / 44_100) * 1000),
    });
  });

  it('reads AAC in ADTS framing', async () => {
    await expect(probe(adtsFile())).resolves.toMatchObject({
      format: 'aac',
      mimeType: 'audio/aac',
      sampleRateHz: 44_100,
      bitDepth: null,
      channels: 2,
    });
  });

  it('reads an M4A holding AAC', async () => {
    await expect(probe(m4aFile(44))).resolves.toEqual({
      format: 'aac',
      mimeType: 'audio/x-m4a',
      sampleRateHz: 44_100,
      bitDepth: null,
      channels: 2,
      durationMs: Math.round(((44 * 1024) / 44_100) * 1000),
    });
  });

  it('refuses text stored under an audio name as application/octet-stream (415)', async () => {
    const refusal = probe(textFile());
    await expect(refusal).rejects.toBeInstanceOf(AudioTypeNotAllowedError);
    await expect(refusal).rejects.toThrow("File type 'application/octet-stream' is not allowed for audio uploads.");
  });

  it('refuses audio of another format under its detected MIME type (415)', async () => {
    await expect(probe(oggVorbisFile())).rejects.toThrow("File type 'audio/ogg' is not allowed for audio uploads.");
  });

  it('refuses a WAV container without a readable audio stream (422)', async () => {
    const refusal = probe(brokenWavFile());
    await expect(refusal).rejects.toBeInstanceOf(AudioUnreadableError);
    await expect(refusal).rejects.toMatchObject({ kind: 'validation', fields: { audio: [expect.stringMatching(/looks like WAV/)] } });
  });
});
