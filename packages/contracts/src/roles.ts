import { z } from 'zod';

export const ROLES = ['artist', 'collaborator', 'owner', 'team', 'label_admin', 'staff', 'super_admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
