import type { Principal } from '@sv/contracts';

/** supply-chain: the slugs of the active DSPs, asked with the caller's principal. */
export interface DspSlugsPort {
  activeSlugs(principal: Principal): Promise<string[]>;
}
