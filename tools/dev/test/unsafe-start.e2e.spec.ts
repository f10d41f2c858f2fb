import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT, SERVICE_ENTRY } from '@sv/testing';

/**
 * A deployment started on development values refuses to start, naming every offending variable
 * on a line of its own, before it opens a database or a bus connection.
 */
const DEVELOPMENT_VALUES = {
  SV_TOKEN_SECRET: 'local-production-token-secret-change-me',
  SV_BLOB_SIGNING_SECRET: 'local-production-blob-signing-secret-change-me',
  SV_WEBHOOK_SECRET_KEY: 'local-development-only-webhook-secret-key-production',
  SV_UPC_PREFIX: '0860000',
  SV_ISRC_REGISTRANT: 'QZSVD',
  SV_DDEX_PARTY_ID: 'PADPIDA2026SVDEV01',
  SV_ALLOW_PRIVATE_URLS: '1',
  SV_RATE_LIMIT_MULTIPLIER: '1000',
  SV_COOKIE_SECURE: '0',
  // Nothing reachable: a process that got as far as connecting would hang or fail differently.
  SV_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  SV_NATS_URL: 'nats://127.0.0.1:1',
};

const start = (entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> =>
  new Promise((done) => {
    const { SV_LOCAL_DEVELOPMENT: _local, SV_NATS_CREDENTIALS: _credentials, ...inherited } = process.env;
    const child = spawn(process.execPath, [resolve(REPO_ROOT, entry)], { cwd: REPO_ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });

const EXPECTED: Record<'gateway' | 'catalogue' | 'supply-chain' | 'webhooks' | 'ingestion' | 'delivery' | 'royalties' | 'analytics', string[]> = {
  gateway: ['SV_TOKEN_SECRET', 'SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS', 'SV_RATE_LIMIT_MULTIPLIER', 'SV_COOKIE_SECURE', 'SV_SMTP_URL'],
  catalogue: ['SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS', 'SV_UPC_PREFIX', 'SV_ISRC_REGISTRANT'],
  'supply-chain': ['SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS'],
  webhooks: ['SV_WEBHOOK_SECRET_KEY', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS'],
  ingestion: ['SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS'],
  delivery: ['SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS', 'SV_DDEX_PARTY_ID', 'SV_DELIVERY_TRANSPORT'],
  royalties: ['SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS'],
  analytics: ['SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_ALLOW_PRIVATE_URLS'],
};

describe.each(['production', 'sandbox'] as const)('a %s start on development values', (environment) => {
  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s exits non-zero with one line per offending variable', async (service) => {
    const { code, stderr } = await start(SERVICE_ENTRY[service], { ...DEVELOPMENT_VALUES, SV_ENV: environment });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(`Refusing to start ${environment} on unsafe configuration:`);
    // The sandbox sends nothing to stores: it needs no transport and may sign with the development party.
    const expected = EXPECTED[service].filter((variable) => !(environment === 'sandbox' && ['SV_DELIVERY_TRANSPORT', 'SV_DDEX_PARTY_ID'].includes(variable)));
    for (const variable of expected) expect(lines.filter((line) => line.trim().startsWith(`${variable}:`))).toHaveLength(1);
    expect(lines).toHaveLength(expected.length + 1);
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 30_000);
});

it('starts nothing unsafe with no configuration at all: a bare production gateway names what it lacks', async () => {
  const { code, stderr } = await start(SERVICE_ENTRY.gateway, { SV_DATABASE_URL: DEVELOPMENT_VALUES.SV_DATABASE_URL, SV_NATS_URL: DEVELOPMENT_VALUES.SV_NATS_URL });
  expect(code).toBe(1);
  for (const variable of ['SV_TOKEN_SECRET', 'SV_BLOB_SIGNING_SECRET', 'SV_NATS_CREDENTIALS', 'SV_SMTP_URL']) expect(stderr).toContain(`${variable}:`);
}, 30_000);
