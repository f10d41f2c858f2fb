import { API_REVISION, API_VERSION, SUPPORTED_VERSIONS, type Environment } from '@sv/contracts';

export interface DatabaseCheck {
  ok: boolean;
  duration_ms: number;
  error: string | null;
}

/** The body of GET /health as the spec lists it. */
export const healthReport = (environment: Environment, version: string, db: DatabaseCheck) => ({
  status: db.ok ? 'ok' : 'degraded',
  time: new Date().toISOString(),
  environment,
  version,
  api_version: API_VERSION,
  current_version: API_VERSION,
  supported_versions: [...SUPPORTED_VERSIONS],
  revision: API_REVISION,
  checks: { db },
});
