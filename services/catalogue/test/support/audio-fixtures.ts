import { createHash } from 'node:crypto';

/*
 * Real audio files, written in code so the tests need no system binaries (sox, ffmpeg, flac).
 * Each is a short sine tone; the formats are written from their specifications.
 */

export interface PcmShape {
  sampleRate: number;
  bitsPerSample: 16 | 24;
  channels: number;
  seconds: number;
}

/** Interleaved signed samples of a sine tone (a slightly different pitch per channel). */
const sineSamples = (shape: PcmShape, frequency = 440): Int32Array => {
  const frames = Math.round(shape.sampleRate * shape.seconds);
  const amplitude = 0.5 * (2 ** (shape.bitsPerSample - 1) - 1);
  const samples = new Int32Array(frames * shape.channels);
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < shape.channels; channel++) {
      const pitch = frequency * (1 + channel * 0.25);
      samples[frame * shape.channels + channel] = Math.round(amplitude * Math.sin((2 * Math.PI * pitch * frame) / shape.sampleRate));
    }
  }
  return samples;
};

const writeSample = (target: Buffer, offset: number, value: number, bytes: number, endian: 'le' | 'be'): void => {
  if (endian === 'le') target.writeIntLE(value, offset, bytes);
  else target.writeIntBE(value, offset, bytes);
};

const pcmBytes = (samples: Int32Array, bitsPerSample: number, endian: 'le' | 'be'): Buffer => {
  const bytes = bitsPerSample / 8;
  const data = Buffer.alloc(samples.length * bytes);
  samples.forEach((value, index) => writeSample(data, index * bytes, value, bytes, endian));
  return data;
};

const chunk = (id: string, body: Buffer, endian: 'le' | 'be'): Buffer => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  if (endian === 'le') header.writeUInt32LE(body.length, 4);
  else header.writeUInt32BE(body.length, 4);
  // Chunks are padded to an even length in both RIFF and IFF.
  return Buffer.concat([header, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

export const WAV_24_BIT: PcmShape = { sampleRate: 44_100, bitsPerSample: 24, channels: 2, seconds: 2 };

/** A PCM WAV (RIFF/WAVE, format 1): by default 24-bit, 44.1 kHz, stereo, 2 seconds. */
export const wavFile = (shape: PcmShape = WAV_24_BIT): Buffer => {
  const blockAlign = shape.channels * (shape.bitsPerSample / 8);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(shape.channels, 2);
  fmt.writeUInt32LE(shape.sampleRate, 4);
  fmt.writeUInt32LE(shape.sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(shape.bitsPerSample, 14);
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    chunk('fmt ', fmt, 'le'),
    chunk('data', pcmBytes(sineSamples(shape), shape.bitsPerSample, 'le'), 'le'),
  ]);
  return chunk('RIFF', body, 'le');
};

/** An IEEE 754 80-bit extended float, as AIFF writes its sample rate. */
const extended80 = (value: number): Buffer => {
  const out = Buffer.alloc(10);
  const exponent = Math.floor(Math.log2(value));
  out.writeUInt16BE(16_383 + exponent, 0);
  const mantissa = BigInt(Math.round(value * 2 ** (63 - exponent)));
  out.writeBigUInt64BE(mantissa, 2);
  return out;
};

export const AIFF_16_BIT: PcmShape = { sampleRate: 44_100, bitsPerSample: 16, channels: 2, seconds: 1 };

/** An AIFF (FORM/AIFF with COMM and SSND chunks, big-endian PCM). */
export const aiffFile = (shape: PcmShape = AIFF_16_BIT): Buffer => {
  const samples = sineSamples(shape);
  const comm = Buffer.concat([Buffer.alloc(8), extended80(shape.sampleRate)]);
  comm.writeInt16BE(shape.channels, 0);
  comm.writeUInt32BE(samples.length / shape.channels, 2);
  comm.writeInt16BE(shape.bitsPerSample, 6);
  const ssnd = Buffer.concat([Buffer.alloc(8), pcmBytes(samples, shape.bitsPerSample, 'be')]); // offset 0, block size 0
  const body = Buffer.concat([Buffer.from('AIFF', 'latin1'), chunk('COMM', comm, 'be'), chunk('SSND', ssnd, 'be')]);
  return chunk('FORM', body, 'be');
};

/** CRC-8 of FLAC frame headers: polynomial x^8 + x^2 + x + 1 (0x07), initial 0. */
export const crc8 = (bytes: Uint8Array): number => {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
};

/** CRC-16 of FLAC frames: polynomial x^16 + x^15 + x^2 + 1 (0x8005), initial 0. */
export const crc16 = (bytes: Uint8Array): number => {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
};

/** FLAC's UTF-8-like coding of the frame number (up to 16 bits is all a fixture needs). */
const codedNumber = (value: number): Buffer => {
  if (value < 0x80) return Buffer.from([value]);
  if (value < 0x800) return Buffer.from([0xc0 | (value >> 6), 0x80 | (value & 0x3f)]);
  return Buffer.from([0xe0 | (value >> 12), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)]);
};

const FLAC_SAMPLE_RATE_CODES: Record<number, number> = { 44_100: 0b1001, 48_000: 0b1010, 96_000: 0b1011 };
const FLAC_SAMPLE_SIZE_CODES: Record<number, number> = { 16: 0b100, 24: 0b110 };
const FLAC_BLOCK_SIZE = 4096;

export const FLAC_24_BIT: PcmShape = { sampleRate: 48_000, bitsPerSample: 24, channels: 2, seconds: 1 };

/**
 * A FLAC stream: 'fLaC', a STREAMINFO block (sample rate, channels, bit depth, total samples and
 * the MD5 of the audio), then frames whose subframes are VERBATIM, each frame header closed by
 * its CRC-8 and each frame by its CRC-16.
 */
export const flacFile = (shape: PcmShape = FLAC_24_BIT): Buffer => {
  const samples = sineSamples(shape);
  const totalFrames = samples.length / shape.channels;
  const bytesPerSample = shape.bitsPerSample / 8;

  const frames: Buffer[] = [];
  for (let start = 0, number = 0; start < totalFrames; start += FLAC_BLOCK_SIZE, number++) {
    const blockSize = Math.min(FLAC_BLOCK_SIZE, totalFrames - start);
    const blockSizeField = Buffer.alloc(2);
    blockSizeField.writeUInt16BE(blockSize - 1);
    const header = Buffer.concat([
      Buffer.from([
        0xff,
        0xf8, // sync code, fixed block size
        (0b0111 << 4) | (FLAC_SAMPLE_RATE_CODES[shape.sampleRate] ?? 0), // block size: 16-bit field at the end
        ((shape.channels - 1) << 4) | ((FLAC_SAMPLE_SIZE_CODES[shape.bitsPerSample] ?? 0) << 1),
      ]),
      codedNumber(number),
      blockSizeField,
    ]);
    const subframes: Buffer[] = [];
    for (let channel = 0; channel < shape.channels; channel++) {
      const subframe = Buffer.alloc(1 + blockSize * bytesPerSample);
      subframe[0] = 0b0000_0010; // VERBATIM, no wasted bits
      for (let i = 0; i < blockSize; i++) {
        writeSample(subframe, 1 + i * bytesPerSample, samples[(start + i) * shape.channels + channel] ?? 0, bytesPerSample, 'be');
      }
      subframes.push(subframe);
    }
    const withoutCrc16 = Buffer.concat([header, Buffer.from([crc8(header)]), ...subframes]);
    const footer = Buffer.alloc(2);
    footer.writeUInt16BE(crc16(withoutCrc16));
    frames.push(Buffer.concat([withoutCrc16, footer]));
  }

  const streamInfo = Buffer.alloc(34);
  streamInfo.writeUInt16BE(FLAC_BLOCK_SIZE, 0); // minimum block size (the last block may be shorter)
  streamInfo.writeUInt16BE(FLAC_BLOCK_SIZE, 2);
  streamInfo.writeUIntBE(Math.min(...frames.map((frame) => frame.length)), 4, 3);
  streamInfo.writeUIntBE(Math.max(...frames.map((frame) => frame.length)), 7, 3);
  // 20 bits sample rate, 3 bits channels - 1, 5 bits bits-per-sample - 1, 36 bits total samples.
  const packed =
    (BigInt(shape.sampleRate) << 44n) |
    (BigInt(shape.channels - 1) << 41n) |
    (BigInt(shape.bitsPerSample - 1) << 36n) |
    BigInt(totalFrames);
  streamInfo.writeBigUInt64BE(packed, 10);
  createHash('md5').update(pcmBytes(samples, shape.bitsPerSample, 'le')).digest().copy(streamInfo, 18);

  const blockHeader = Buffer.from([0x80, 0, 0, 34]); // last metadata block, type 0 (STREAMINFO), 34 bytes
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), blockHeader, streamInfo, ...frames]);
};

/** MPEG-1 Layer III at 128 kbit/s, 44.1 kHz, joint stereo: 417-byte frames of 1152 samples each. */
export const MP3_FRAME_COUNT = 40;

/**
 * An MP3 of silent but valid MPEG-1 Layer III frames: each a 4-byte header and zeroed side
 * information and main data (no bits used, so decoders play silence).
 */
export const mp3File = (frameCount = MP3_FRAME_COUNT): Buffer => {
  const frameLength = Math.floor((144 * 128_000) / 44_100); // no padding
  const frame = Buffer.alloc(frameLength);
  frame.set([0xff, 0xfb, 0x90, 0x44]); // sync, MPEG-1, Layer III, no CRC; 128 kbit/s, 44.1 kHz; joint stereo
  return Buffer.concat(Array.from({ length: frameCount }, () => frame));
};

/**
 * An AAC elementary stream in ADTS framing (MPEG-4 AAC LC, 44.1 kHz, stereo): each frame a
 * 7-byte header (no CRC) and a raw data block of silence-sized filler.
 */
export const adtsFile = (frameCount = 43): Buffer => {
  const payload = 16;
  const frameLength = 7 + payload;
  const header = Buffer.from([
    0xff,
    0xf1, // sync, MPEG-4, layer 0, no CRC
    (0b01 << 6) | (4 << 2) | (2 >> 2), // AAC LC, 44.1 kHz (index 4), channel configuration high bit
    ((2 & 0b11) << 6) | (frameLength >> 11), // channel configuration 2 (stereo), frame length high bits
    (frameLength >> 3) & 0xff,
    ((frameLength & 0b111) << 5) | 0x1f, // frame length low bits, buffer fullness 0x7FF (variable)
    0xfc, // buffer fullness low bits, one raw data block
  ]);
  const frame = Buffer.concat([header, Buffer.alloc(payload)]);
  return Buffer.concat(Array.from({ length: frameCount }, () => frame));
};

const box = (type: string, ...payload: Buffer[]): Buffer => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]): Buffer => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE((version << 24) | flags);
  return box(type, head, ...payload);
};

const u32 = (...values: number[]): Buffer => {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((value, index) => out.writeUInt32BE(value >>> 0, index * 4));
  return out;
};

const u16 = (...values: number[]): Buffer => {
  const out = Buffer.alloc(2 * values.length);
  values.forEach((value, index) => out.writeUInt16BE(value, index * 2));
  return out;
};

const UNITY_MATRIX = u32(0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000);

/** An MPEG-4 descriptor: tag, one-byte length, body. */
const descriptor = (tag: number, ...body: Buffer[]): Buffer => {
  const content = Buffer.concat(body);
  return Buffer.concat([Buffer.from([tag, content.length]), content]);
};

/**
 * An M4A (ISO base media, brand 'M4A ') with one AAC LC track, 44.1 kHz stereo: ftyp, then a
 * moov with the sample description (mp4a + esds) and sample tables, then mdat with the frames.
 */
export const m4aFile = (frameCount = 44, frameBytes = 32): Buffer => {
  const sampleRate = 44_100;
  const samples = frameCount * 1024;
  const ftyp = box('ftyp', Buffer.from('M4A ', 'latin1'), u32(0), Buffer.from('M4A isommp42', 'latin1'));
  const esds = fullBox(
    'esds',
    0,
    0,
    descriptor(
      0x03,
      u16(1),
      Buffer.from([0]),
      descriptor(0x04, Buffer.from([0x40, 0x15, 0, 0, 0]), u32(128_000, 128_000), descriptor(0x05, Buffer.from([0x12, 0x10]))),
      descriptor(0x06, Buffer.from([0x02])),
    ),
  );
  const mp4a = box('mp4a', Buffer.alloc(6), u16(1), Buffer.alloc(8), u16(2, 16, 0, 0), u32(sampleRate << 16), esds);
  const milliseconds = Math.round((samples / sampleRate) * 1000);
  // mvhd: times, timescale (ms), duration, rate 1.0, volume 1.0, matrix, next track id.
  const mvhd = fullBox('mvhd', 0, 0, u32(0, 0, 1000, milliseconds, 0x0001_0000), u16(0x0100), Buffer.alloc(10), UNITY_MATRIX, Buffer.alloc(24), u32(2));
  // tkhd (enabled, in movie, in preview): times, track id 1, duration, volume 1.0, matrix, no size.
  const tkhd = fullBox('tkhd', 0, 7, u32(0, 0, 1, 0, milliseconds), Buffer.alloc(8), u16(0, 0, 0x0100, 0), UNITY_MATRIX, u32(0, 0));
  const moovWith = (chunkOffset: number) =>
    box(
      'moov',
      mvhd,
      box(
        'trak',
        tkhd,
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0, 0, sampleRate, samples), u16(0x55c4, 0)),
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1')),
          box(
            'minf',
            fullBox('smhd', 0, 0, u16(0, 0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox('stsd', 0, 0, u32(1), mp4a),
              fullBox('stts', 0, 0, u32(1, frameCount, 1024)),
              fullBox('stsc', 0, 0, u32(1, 1, frameCount, 1)),
              fullBox('stsz', 0, 0, u32(frameBytes, frameCount)),
              fullBox('stco', 0, 0, u32(1, chunkOffset)),
            ),
          ),
        ),
      ),
    );
  const moovLength = moovWith(0).length;
  const moov = moovWith(ftyp.length + moovLength + 8);
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(frameCount * frameBytes))]);
};

/** The start of an Ogg Vorbis stream: real audio, but not a format the platform takes. */
export const oggVorbisFile = (): Buffer =>
  Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(24), Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(64)]);

/** Plain text: what a client might send under an audio name and type. */
export const textFile = (): Buffer => Buffer.from('These are liner notes, not audio.\n'.repeat(200), 'utf8');

/** The start of a WAV (RIFF/WAVE) with no format chunk and no audio: a recognised but broken file. */
export const brokenWavFile = (): Buffer => {
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('junk', Buffer.alloc(64, 0x55), 'le')]);
  return chunk('RIFF', body, 'le');
};

/** How many sample frames a shape holds (what a parser should report). */
export const sampleFrames = (shape: PcmShape): number => Math.round(shape.sampleRate * shape.seconds);
