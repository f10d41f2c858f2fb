import { z } from 'zod';
import { readServiceConfig, type ServiceConfig } from '@sv/platform';

const shape = {
  /** The public address of stored files; DSP logos are served under `<cdn>/dsps/`. */
  SV_CDN_URL: z.url().default('http://127.0.0.1:8083'),
};

export interface SupplyChainConfig extends ServiceConfig {
  cdnUrl: string;
}

/** Supply-chain's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): SupplyChainConfig =>
  readServiceConfig(env, {
    healthPort: { production: 9102, sandbox: 9112 },
    // How long supply-chain waits for another service (the catalogue) to answer.
    serviceTimeoutMs: { default: 5_000 },
    shape,
    config: (parsed, shared) => ({ ...shared, cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, '') }),
  });
