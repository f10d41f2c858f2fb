import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_COOKIE = 'sv_refresh_token';

export const newRefreshToken = (): { raw: string; digest: string } => {
  const raw = randomBytes(32).toString('base64url');
  return { raw, digest: digestRefreshToken(raw) };
};

export const digestRefreshToken = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('hex');
