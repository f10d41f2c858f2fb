import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UploadSpec } from '@sv/contracts';
import { openUploadFile, type UploadFile } from '../src/app/uploads/upload-file.ts';
import { UploadFileError } from '../src/app/uploads/upload-file-error.ts';
import { multipartBody } from '../src/app/uploads/multipart-body.ts';

/* An upload tool's file: base64 or a URL under the outbound guard, never over the route's ceiling. */

const image: UploadSpec = { field: 'artwork', kind: 'image' };
const document: UploadSpec = { field: 'releases_csv', kind: 'document' };
// The fetch deadline is not under test here; a loaded machine must not reach it.
const guards = { allowPrivateUrls: false, timeoutMs: 60_000 };
const MEGABYTE = 1024 * 1024;

const readAll = async (file: UploadFile): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of file.chunks) chunks.push(chunk);
  return Buffer.concat(chunks);
};

let server: Server;
let origin: string;
const served = Buffer.from('title,track_title\nA,B\n');
const big = Buffer.alloc(10 * MEGABYTE + 1, 0x41);

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/releases.csv' }).end();
      return;
    }
    if (req.url === '/declared-big.csv') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': big.length }).end(big);
      return;
    }
    // Without a declared length the body goes chunked.
    res.writeHead(200, { 'content-type': 'text/csv' }).end(req.url === '/chunked-big.csv' ? big : served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('openUploadFile', () => {
  it('takes exactly one of file_url and file_base64', async () => {
    await expect(openUploadFile({}, image, guards)).rejects.toThrow('Give the file as file_url or as file_base64 (one of them).');
    await expect(openUploadFile({ file_url: `${origin}/a`, file_base64: 'AAAA' }, image, guards)).rejects.toThrow(UploadFileError);
  });

  it('decodes base64 and a data: URL, taking the type it declares', async () => {
    const file = await openUploadFile({ file_base64: `data:image/png;base64,${Buffer.from('png bytes').toString('base64')}` }, image, guards);
    expect(file).toMatchObject({ fileName: 'artwork', contentType: 'image/png' });
    expect((await readAll(file)).toString()).toBe('png bytes');
    const named = await openUploadFile({ file_base64: Buffer.from('a,b').toString('base64'), file_name: 'batch.csv' }, document, guards);
    expect(named.contentType).toBe('text/csv');
  });

  it('refuses base64 over the route ceiling before decoding it, with the spec message', async () => {
    const over = 'A'.repeat(Math.ceil(((10 * MEGABYTE + 3) * 4) / 3));
    await expect(openUploadFile({ file_base64: over }, document, guards)).rejects.toThrow('File exceeds the maximum allowed size of 10 MB.');
    await expect(openUploadFile({ file_base64: 'not base64!' }, document, guards)).rejects.toThrow('The file_base64 is not base64.');
  });

  it('refuses a URL on a loopback address unless private addresses are allowed', async () => {
    await expect(openUploadFile({ file_url: `${origin}/releases.csv` }, document, guards)).rejects.toThrow(/private or loopback/);
    const file = await openUploadFile({ file_url: `${origin}/redirect` }, document, { ...guards, allowPrivateUrls: true });
    expect(file).toMatchObject({ fileName: 'releases.csv', contentType: 'text/csv' });
    expect((await readAll(file)).toString()).toBe(served.toString());
  });

  it('refuses a fetched file whose declared length is over the ceiling before reading it', async () => {
    await expect(openUploadFile({ file_url: `${origin}/declared-big.csv` }, document, { ...guards, allowPrivateUrls: true })).rejects.toThrow(
      'File exceeds the maximum allowed size of 10 MB.',
    );
  });

  it('stops reading a fetched file that declares no length at the first byte over the ceiling', async () => {
    const file = await openUploadFile({ file_url: `${origin}/chunked-big.csv` }, document, { ...guards, allowPrivateUrls: true });
    await expect(readAll(file)).rejects.toThrow('File exceeds the maximum allowed size of 10 MB.');
    file.close();
  });
});

describe('multipartBody', () => {
  it('sends the form fields, then the file under the route field, and records why a file broke off', async () => {
    const file = await openUploadFile({ file_base64: Buffer.from('x,y').toString('base64'), file_name: 'a"b.csv' }, document, guards);
    const body = multipartBody('releases_csv', file, { note: 'hi' });
    const chunks: Uint8Array[] = [];
    for await (const chunk of body.chunks) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString();
    const boundary = body.contentType.split('boundary=')[1];
    expect(text).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="releases_csv"; filename="a_b.csv"\r\nContent-Type: text/csv\r\n\r\nx,y\r\n--${boundary}--\r\n`,
    );

    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('partial');
      throw new UploadFileError('too big');
    }
    const broken = multipartBody('releases_csv', { fileName: 'a.csv', contentType: 'text/csv', chunks: failing(), close: () => undefined }, {});
    await expect((async () => {
      for await (const _chunk of broken.chunks) void _chunk;
    })()).rejects.toThrow('too big');
    expect(broken.failure()?.message).toBe('too big');
  });
});
