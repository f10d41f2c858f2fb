import { z } from 'zod';
import { ENVIRONMENTS } from '../../api.ts';
import { isoTimestamp } from './common.ts';

/** GET /health (spec, Health probe): the same body with 200 (alive) and 503 (database ping failed). */
export const HealthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  time: isoTimestamp,
  environment: z.enum(ENVIRONMENTS),
  version: z.string(),
  api_version: z.string(),
  current_version: z.string(),
  supported_versions: z.array(z.string()),
  revision: z.string(),
  checks: z.object({
    db: z.object({ ok: z.boolean(), duration_ms: z.number(), error: z.string().nullable() }),
  }),
});
