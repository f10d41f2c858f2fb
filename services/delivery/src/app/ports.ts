import type { DspOverrideBody, EffectiveStoreConfig, Principal, ReleaseSnapshot, TenantPartyReply } from '@sv/contracts';

/** What delivery asks other services; the nats adapters implement these (nats/clients). */

export type ReleaseCommand = 'qc_pass' | 'qc_fail' | 'mark_live' | 'mark_taken_down';

export interface CataloguePort {
  /** The whole release as the principal may see it, or null when it is not visible. */
  snapshot(principal: Principal, releaseId: string): Promise<ReleaseSnapshot | null>;
  /**
   * Moves the release on the platform's behalf. `refused`: the catalogue's state machine said
   * no (409), e.g. a release rejected by hand while its QC ran.
   */
  command(tenantId: string, releaseId: string, command: ReleaseCommand, reason?: string): Promise<'done' | 'refused'>;
}

export interface SupplyChainPort {
  /** Every attached store of the release with its effective config (blocked ones included). */
  resolvedConfig(tenantId: string, releaseId: string): Promise<EffectiveStoreConfig[]>;
  /**
   * Changes one store's per-DSP override on the platform's behalf (the onboarding series); the
   * service's own 4xx answer is thrown as the domain error it stands for.
   */
  overrideStore(tenantId: string, releaseId: string, slug: string, body: DspOverrideBody): Promise<void>;
}

export interface TenantPartyPort {
  partyOf(tenantId: string): Promise<TenantPartyReply>;
}
