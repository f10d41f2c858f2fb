import sharp from 'sharp';

/* Files a complete release needs (audio for each track, artwork), made in code. */

/** A PCM WAV of a sine tone: 24-bit, 44.1 kHz, stereo, one second. */
export const wavFile = (): Buffer => {
  const sampleRate = 44_100;
  const channels = 2;
  const bytesPerSample = 3;
  const frames = sampleRate;
  const data = Buffer.alloc(frames * channels * bytesPerSample);
  for (let frame = 0; frame < frames; frame++) {
    const value = Math.round(0.5 * (2 ** 23 - 1) * Math.sin((2 * Math.PI * 440 * frame) / sampleRate));
    for (let channel = 0; channel < channels; channel++) data.writeIntLE(value, (frame * channels + channel) * bytesPerSample, bytesPerSample);
  }
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * channels * bytesPerSample, 8);
  fmt.writeUInt16LE(channels * bytesPerSample, 12);
  fmt.writeUInt16LE(bytesPerSample * 8, 14);
  const chunk = (id: string, body: Buffer): Buffer => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body]);
  };
  return chunk('RIFF', Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt), chunk('data', data)]));
};

/** A solid 3000x3000 JPEG: the smallest artwork the catalogue accepts. */
export const artworkJpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).jpeg({ quality: 80 }).toBuffer();

/** A multipart body with one file field. */
export const fileForm = (field: string, bytes: Buffer, type: string, filename: string): FormData => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
};
