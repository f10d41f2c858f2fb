import { ValidationError } from '@sv/platform';
import { checksumMismatch, deliveredFilesResolver, notDelivered, type StoredResource } from '../src/app/media/media-resolver.ts';

const resource = (key: string): StoredResource => ({ key, url: `http://cdn/${key}`, size: 10, md5: 'a'.repeat(32), sha1: 'b'.repeat(40), sha256: 'c'.repeat(64) });

const resources = {
  'B1/R1/resources/A1.wav': resource('k-a1'),
  'B1/R1/cover.jpg': resource('k-cover'),
  'B1/other.wav': resource('k-other'),
};

describe('finding the files a message names among those delivered with it', () => {
  const resolve = deliveredFilesResolver(resources, 'B1/R1');

  it('relative to the message, as a stored upload with its type from the name', async () => {
    expect(await resolve({ uri: 'resources/A1.wav' })).toEqual({
      file: { field: 'file', key: 'k-a1', url: 'http://cdn/k-a1', filename: 'A1.wav', mime_type: 'audio/wav', size: 10 },
    });
    expect(await resolve({ uri: 'file://cover.jpg' })).toMatchObject({ file: { key: 'k-cover', mime_type: 'image/jpeg' } });
    expect(await resolve({ uri: 'resources\\A1.wav' })).toMatchObject({ file: { key: 'k-a1' } });
  });

  it('never outside the delivery, however the name climbs', async () => {
    expect(await resolve({ uri: '../other.wav' })).toEqual({ file: expect.objectContaining({ key: 'k-other' }) });
    expect(await resolve({ uri: '../../../etc/passwd' })).toEqual({ missing: notDelivered('../../../etc/passwd') });
    expect(await resolve({ uri: '/B1/R1/cover.jpg' })).toEqual({ missing: notDelivered('/B1/R1/cover.jpg') });
  });

  it('says what is missing; a URL is not among the delivered files (downloads are resolved before these)', async () => {
    expect(await resolve({ uri: 'resources/A2.wav' })).toEqual({ missing: notDelivered('resources/A2.wav') });
    expect(await resolve({ uri: 'https://example.com/a.wav' })).toEqual({ missing: notDelivered('https://example.com/a.wav') });
  });

  it('checks a stated MD5, SHA-1 or SHA-256, in any case and spelling', async () => {
    expect(await resolve({ uri: 'resources/A1.wav', hash: { algorithm: 'MD5', value: 'A'.repeat(32) } })).toHaveProperty('file');
    expect(await resolve({ uri: 'resources/A1.wav', hash: { algorithm: 'SHA-1', value: 'b'.repeat(40) } })).toHaveProperty('file');
    expect(await resolve({ uri: 'resources/A1.wav', hash: { algorithm: 'SHA256', value: 'c'.repeat(64) } })).toHaveProperty('file');
    await expect(resolve({ uri: 'resources/A1.wav', hash: { algorithm: 'MD5', value: 'd'.repeat(32) } })).rejects.toThrow(ValidationError);
    await expect(resolve({ uri: 'resources/A1.wav', hash: { algorithm: 'SHA-256', value: 'd'.repeat(64) } })).rejects.toThrow(checksumMismatch('resources/A1.wav', 'SHA-256'));
  });
});
