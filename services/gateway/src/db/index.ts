import { ApiKey } from './entities/api-key.entity.ts';
import { MailOutbox, OneTimeCode, PasswordResetToken } from './entities/credentials.entity.ts';
import { Invoice, Tenant, TenantPlan } from './entities/tenant.entity.ts';
import { Session } from './entities/session.entity.ts';
import { TenantAuditLog } from './entities/tenant-audit-log.entity.ts';
import { User } from './entities/user.entity.ts';
import { Migration20261121000000_identity } from './migrations/Migration20261121000000_identity.ts';
import { Migration20261121000100_edge } from './migrations/Migration20261121000100_edge.ts';
import { Migration20261122000000_sessions } from './migrations/Migration20261122000000_sessions.ts';
import { Migration20261122000100_credentials } from './migrations/Migration20261122000100_credentials.ts';
import { Migration20261122000200_tenancy } from './migrations/Migration20261122000200_tenancy.ts';
import { Migration20261124000000_unlogged_rate_windows } from './migrations/Migration20261124000000_unlogged_rate_windows.ts';
import { Migration20261124000100_idempotency_scope } from './migrations/Migration20261124000100_idempotency_scope.ts';
import { Migration20261127000100_domain_verification } from './migrations/Migration20261127000100_domain_verification.ts';
import { Migration20261203000100_mail_queue } from './migrations/Migration20261203000100_mail_queue.ts';

export const GATEWAY_SCHEMA = 'gateway';

export const GATEWAY_ENTITIES = [Tenant, TenantPlan, Invoice, User, ApiKey, Session, TenantAuditLog, OneTimeCode, PasswordResetToken, MailOutbox];

/** In order of application; names are the migration table's keys, never rename one. */
export const GATEWAY_MIGRATIONS = [
  { name: 'Migration20261121000000_identity', class: Migration20261121000000_identity },
  { name: 'Migration20261121000100_edge', class: Migration20261121000100_edge },
  { name: 'Migration20261122000000_sessions', class: Migration20261122000000_sessions },
  { name: 'Migration20261122000100_credentials', class: Migration20261122000100_credentials },
  { name: 'Migration20261122000200_tenancy', class: Migration20261122000200_tenancy },
  { name: 'Migration20261124000000_unlogged_rate_windows', class: Migration20261124000000_unlogged_rate_windows },
  { name: 'Migration20261124000100_idempotency_scope', class: Migration20261124000100_idempotency_scope },
  { name: 'Migration20261127000100_domain_verification', class: Migration20261127000100_domain_verification },
  { name: 'Migration20261203000100_mail_queue', class: Migration20261203000100_mail_queue },
];
