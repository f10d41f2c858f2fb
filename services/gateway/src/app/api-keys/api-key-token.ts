import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_SCHEME = 'svk_';
const ID_LENGTH = 8;
const SECRET_LENGTH = 32;
const KEY_PATTERN = new RegExp(`^${API_KEY_SCHEME}[A-Za-z0-9_-]{${ID_LENGTH}}_[A-Za-z0-9_-]{${SECRET_LENGTH}}$`);

export interface IssuedApiKey {
  /** The whole key, shown once. */
  raw: string;
  /** Public part used to find the key: `svk_` and 8 characters. */
  prefix: string;
  digest: string;
}

export const digestApiKey = (raw: string): string => createHash('sha256').update(raw, 'utf8').digest('hex');

export const issueApiKey = (): IssuedApiKey => {
  const id = randomBytes(6).toString('base64url');
  const secret = randomBytes(24).toString('base64url');
  const raw = `${API_KEY_SCHEME}${id}_${secret}`;
  return { raw, prefix: raw.slice(0, API_KEY_SCHEME.length + ID_LENGTH), digest: digestApiKey(raw) };
};

export const isApiKeyShaped = (token: string): boolean => token.startsWith(API_KEY_SCHEME);

/** The lookup prefix of a well-formed key, or undefined for anything malformed. */
export const apiKeyPrefix = (raw: string): string | undefined =>
  KEY_PATTERN.test(raw) ? raw.slice(0, API_KEY_SCHEME.length + ID_LENGTH) : undefined;

/** Compares two hex digests in constant time. */
export const digestsMatch = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};
