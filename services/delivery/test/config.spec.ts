import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVELOPMENT_PARTY_ID, readConfig } from '../src/config.ts';

const SFTP = {
  SV_DELIVERY_TRANSPORT: 'sftp',
  SV_DELIVERY_SFTP_HOST: 'sftp.store.example',
  SV_DELIVERY_SFTP_USER: 'label',
  SV_DELIVERY_SFTP_KEY_FILE: '/etc/sv/delivery-sftp/id_ed25519',
  SV_DELIVERY_SFTP_HOST_KEY: `SHA256:${'A'.repeat(43)}`,
};

/** What every deployed service needs besides delivery's own settings. */
const DEPLOYED = { SV_NATS_CREDENTIALS: '/etc/sv/nats/delivery.creds', SV_BLOB_SIGNING_SECRET: 'a-deployment-secret-of-at-least-32-bytes' };
const LABEL_PARTY = { SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01' };

describe('delivery configuration', () => {
  it('refuses to start production on the development DDEX party id, naming the variable', () => {
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', ...SFTP })).toThrow(/SV_DDEX_PARTY_ID: must be set/);
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', ...SFTP, SV_DDEX_PARTY_ID: DEVELOPMENT_PARTY_ID })).toThrow(/SV_DDEX_PARTY_ID/);
    expect(readConfig({ ...DEPLOYED, SV_ENV: 'production', ...SFTP, SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01' }).party.party_id).toBe('PADPIDA2026LABEL01');
  });

  it('refuses production without a chosen transport (the local folder is development’s default)', () => {
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01' })).toThrow(/SV_DELIVERY_TRANSPORT: must be set in production/);
    expect(readConfig({ ...DEPLOYED, SV_ENV: 'production', SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01', SV_DELIVERY_TRANSPORT: 'directory', SV_DELIVERY_DIR: '/mnt/stores' }).endpoints.fallback).toEqual({
      transport: 'directory',
      root: '/mnt/stores',
    });
    expect(readConfig({ ...DEPLOYED, ...LABEL_PARTY, SV_ENV: 'sandbox' }).endpoints.fallback.transport).toBe('directory');
  });

  it('refuses production SFTP without a pinned host key, and names what SFTP needs', () => {
    const { SV_DELIVERY_SFTP_HOST_KEY: _pin, ...unpinned } = SFTP;
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', ...unpinned, SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01' })).toThrow(/SV_DELIVERY_SFTP_HOST_KEY/);
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', SV_DELIVERY_TRANSPORT: 'sftp', SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01' })).toThrow(
      /SV_DELIVERY_SFTP_HOST: is required[\s\S]*SV_DELIVERY_SFTP_USER: is required[\s\S]*SV_DELIVERY_SFTP_KEY_FILE: is required/,
    );
    expect(() => readConfig({ SV_DDEX_PARTY_ID: 'PADPIDA1' })).toThrow(/SV_DDEX_PARTY_ID/);
  });

  it('checks every store endpoint in the endpoints file, and pins their host keys in production too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sv-endpoints-'));
    const file = join(dir, 'endpoints.json');
    writeFileSync(file, JSON.stringify({ spotify: { transport: 'sftp', host: 'sftp.spotify.example', username: 'label', private_key_file: '/k' } }));
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', ...SFTP, SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01', SV_DELIVERY_ENDPOINTS_FILE: file })).toThrow(
      /host key of sftp\.spotify\.example must be pinned/,
    );
    writeFileSync(file, JSON.stringify({ Spotify: { transport: 'ftp' } }));
    expect(() => readConfig({ ...DEPLOYED, ...LABEL_PARTY, SV_ENV: 'sandbox', SV_DELIVERY_ENDPOINTS_FILE: file })).not.toThrow();
    expect(() => readConfig({ ...DEPLOYED, SV_ENV: 'production', ...SFTP, SV_DDEX_PARTY_ID: 'PADPIDA2026LABEL01', SV_DELIVERY_ENDPOINTS_FILE: file })).toThrow(/SV_DELIVERY_ENDPOINTS_FILE/);
  });

  it('never sends from the sandbox: whatever is configured, it writes to its own directory', () => {
    const config = readConfig({ ...DEPLOYED, ...LABEL_PARTY, SV_ENV: 'sandbox', ...SFTP, SV_DELIVERY_DIR: '/var/lib/sv/sandbox-bundles' });
    expect(config.endpoints).toEqual({ fallback: { transport: 'directory', root: '/var/lib/sv/sandbox-bundles' }, stores: {} });
    expect(config.party.party_id).toBe('PADPIDA2026LABEL01');
  });

  it('lets the sandbox, which sends nothing, sign with the development DDEX party id', () => {
    expect(readConfig({ ...DEPLOYED, SV_ENV: 'sandbox' }).party.party_id).toBe(DEVELOPMENT_PARTY_ID);
  });
});
