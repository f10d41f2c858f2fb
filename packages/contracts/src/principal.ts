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
