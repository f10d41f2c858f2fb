import { openDirectorySession } from './directory-transport.ts';
import { endpointOf, type EndpointSettings } from './endpoints.ts';
import { openSftpSession } from './sftp-transport.ts';
import type { StoreSession } from './transport.ts';

export type SessionOpener = (slug: string) => Promise<StoreSession>;

/** Opens a session to the store's endpoint with its transport. */
export const sessionOpener =
  (settings: EndpointSettings, sftpTimeoutMs: number): SessionOpener =>
  async (slug) => {
    const endpoint = endpointOf(settings, slug);
    return endpoint.transport === 'sftp' ? openSftpSession(endpoint, sftpTimeoutMs) : openDirectorySession(endpoint.root);
  };
