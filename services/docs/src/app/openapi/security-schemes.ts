import type { SecurityScheme } from './openapi-types.ts';

/** The two kinds of bearer token the spec accepts (Authentication 1); either one will do. */
export const SECURITY_SCHEMES: Record<'apiKey' | 'accessToken', SecurityScheme> = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svk_…',
    description:
      'A workspace API key, sent as `Authorization: Bearer svk_…`. Server-to-server: no login step. ' +
      'Keys are issued per workspace by the operator and are separate per environment.',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An interactive session: the access token from `POST /auth/login` (or `/auth/refresh`), sent as ' +
      '`Authorization: Bearer <token>`. It carries the role and the tenant; `expires_at` in the login answer says when it lapses.',
  },
};

/** A route that needs a token accepts either scheme. */
export const TOKEN_REQUIRED: Record<string, string[]>[] = [{ apiKey: [] }, { accessToken: [] }];

/** An anonymous route (login, refresh, password reset, health) overrides the document's default with none. */
export const NO_TOKEN: Record<string, string[]>[] = [];
