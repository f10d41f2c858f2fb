import { spawnServiceProcess, type ServiceProcess } from '@sv/testing';

export const DOCS_ENTRY = 'services/docs/src/main.ts';

export const SERVERS_ENV = {
  SV_PUBLIC_BASE_URL: 'https://api.example.test/v1',
  SV_SANDBOX_BASE_URL: 'https://sandbox.example.test/api/v1',
};

/** The docs service as its own process on a free port, as it runs in production. */
export const startDocsProcess = async (): Promise<{ process: ServiceProcess; url: string }> => {
  const process = spawnServiceProcess('docs', DOCS_ENTRY, { SV_DOCS_PORT: '0', SV_HEALTH_PORT: '0', ...SERVERS_ENV });
  const line = await process.waitForLog((entry) => entry.msg === 'docs listening');
  return { process, url: String(line.url) };
};
