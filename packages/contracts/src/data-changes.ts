import { z } from 'zod';

/**
 * Core NATS subject on which the catalogue announces that a tenant's catalogue rows changed (any
 * committed insert, update or delete, whoever made it), so every gateway replica drops the answers
 * it kept for that tenant's cached reads (routes with `cached`).
 */
export const catalogueDataChangedSubject = (prefix: string): string => `${prefix}.catalogue.data-changed`;

/** Tenants per announcement; a larger batch is sent as several. */
export const DATA_CHANGED_MAX_TENANTS = 500;

/**
 * Either the tenants whose rows changed, or `all`: the announcer may have missed changes (its
 * database listener reconnected), so nothing cached may be trusted.
 */
export const CatalogueDataChanged = z.union([
  z.object({ tenant_ids: z.array(z.uuid()).min(1).max(DATA_CHANGED_MAX_TENANTS) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type CatalogueDataChanged = z.infer<typeof CatalogueDataChanged>;
