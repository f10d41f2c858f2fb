import { z } from 'zod';

/**
 * Core NATS subject on which a change to who may call the API (a key revoked, a tenant suspended
 * or unsuspended, an invoice opened or paid) is announced, so every gateway replica drops what it
 * cached about that tenant's credentials.
 */
export const accessChangedSubject = (prefix: string): string => `${prefix}.gateway.access-changed`;

export const AccessChanged = z.object({ tenant_id: z.uuid() });
export type AccessChanged = z.infer<typeof AccessChanged>;
