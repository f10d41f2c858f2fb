import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { Role } from '@sv/contracts';
import { InvalidTokenError } from '../auth/auth.errors.ts';

/** One explicit algorithm to sign, and the same single one accepted on verify: never `none`, never the token's own choice. */
const ALGORITHM = 'HS256' as const;
const ISSUER = 'sv-gateway';

export interface AccessTokenSettings {
  secret: string;
  /** `sv:<env>`: a token of one environment is refused by the other even if secrets leaked alike. */
  audience: string;
  ttlSeconds: number;
}

const Claims = z.object({
  sub: z.uuid(),
  tenant_id: z.uuid(),
  role: Role,
  sid: z.uuid(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof Claims>;

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

export const issueAccessToken = (
  settings: AccessTokenSettings,
  claims: { userId: string; tenantId: string; role: Role; sessionFamilyId: string },
): IssuedAccessToken => {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + settings.ttlSeconds;
  const token = jwt.sign(
    { tenant_id: claims.tenantId, role: claims.role, sid: claims.sessionFamilyId, iat: now, exp },
    settings.secret,
    { algorithm: ALGORITHM, subject: claims.userId, audience: settings.audience, issuer: ISSUER, jwtid: randomUUID() },
  );
  return { token, expiresAt: new Date(exp * 1000) };
};

/** Verifies signature, algorithm, audience, issuer and expiry; anything off is the spec's 401. */
export const verifyAccessToken = (settings: AccessTokenSettings, token: string): AccessClaims => {
  try {
    const payload = jwt.verify(token, settings.secret, {
      algorithms: [ALGORITHM],
      audience: settings.audience,
      issuer: ISSUER,
    });
    return Claims.parse(payload);
  } catch {
    throw new InvalidTokenError();
  }
};
