import { z } from 'zod';
import { Role } from './roles.ts';

/**
 * Who is calling, as resolved by the gateway and forwarded with every request to a service.
 * Services trust it because only the gateway (and the operator command) publish on api subjects.
 */
export const Principal = z.object({
  tenant_id: z.uuid(),
  tenant_slug: z.string(),
  role: Role,
  actor: z.object({
    type: z.enum(['api_key', 'user', 'system']),
    id: z.string(),
  }),
  artist_id: z.uuid().nullable(),
  roster: z.boolean(),
});
export type Principal = z.infer<typeof Principal>;

/**
 * The platform itself acting for a tenant (a service's own worker, the operator command): the
 * platform role, no artist scope. Only internal commands accept it (`actor.type === 'system'`).
 */
export const systemPrincipal = (tenantId: string, actor: string): Principal => ({
  tenant_id: tenantId,
  tenant_slug: '',
  role: 'super_admin',
  actor: { type: 'system', id: actor },
  artist_id: null,
  roster: true,
});
