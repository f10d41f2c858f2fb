import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/* A label's own image host, served from the test process (private URLs are allowed in tests). */

export interface ImageHost {
  baseUrl: string;
  close(): Promise<void>;
}

export const startImageHost = async (handler: RequestListener): Promise<ImageHost> => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
