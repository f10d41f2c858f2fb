import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Messages } from '@sv/contracts';
import { InvalidTokenError } from '../src/app/auth/auth.errors.ts';
import { issueAccessToken, verifyAccessToken, type AccessTokenSettings } from '../src/app/sessions/access-token.ts';

const SETTINGS: AccessTokenSettings = {
  secret: 'unit-test-production-signing-secret-0123456789',
  audience: 'sv:production',
  ttlSeconds: 900,
};
const ISSUER = 'sv-gateway';

const claims = () => ({
  userId: randomUUID(),
  tenantId: randomUUID(),
  role: 'owner' as const,
  sessionFamilyId: randomUUID(),
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A payload as the gateway would sign it, with any field replaced or (undefined) removed. */
const payload = (overrides: Record<string, unknown> = {}) => {
  const input = claims();
  const base: Record<string, unknown> = {
    sub: input.userId,
    tenant_id: input.tenantId,
    role: input.role,
    sid: input.sessionFamilyId,
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    aud: SETTINGS.audience,
    iss: ISSUER,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined));
};

const sign = (body: Record<string, unknown>, secret = SETTINGS.secret, algorithm: jwt.Algorithm = 'HS256') =>
  jwt.sign(body, secret, { algorithm });

const expectRefused = (token: string, settings: AccessTokenSettings = SETTINGS) => {
  let thrown: unknown;
  try {
    verifyAccessToken(settings, token);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidTokenError);
  expect((thrown as Error).message).toBe(Messages.tokenInvalid);
};

describe('issueAccessToken and verifyAccessToken', () => {
  it('round-trips: the verified claims are the ones issued', () => {
    const input = claims();
    const issued = issueAccessToken(SETTINGS, input);
    const verified = verifyAccessToken(SETTINGS, issued.token);
    expect(verified).toEqual({
      sub: input.userId,
      tenant_id: input.tenantId,
      role: 'owner',
      sid: input.sessionFamilyId,
      exp: Math.floor(issued.expiresAt.getTime() / 1000),
    });
  });

  it('signs HS256 with audience, issuer, iat and exp = iat + ttl; expiresAt is exp', () => {
    const before = nowSeconds();
    const issued = issueAccessToken(SETTINGS, claims());
    const after = nowSeconds();
    const decoded = jwt.decode(issued.token, { complete: true });
    expect(decoded?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const body = decoded?.payload as jwt.JwtPayload;
    expect(body.aud).toBe('sv:production');
    expect(body.iss).toBe(ISSUER);
    expect(body.iat).toBeGreaterThanOrEqual(before);
    expect(body.iat).toBeLessThanOrEqual(after);
    expect(body.exp! - body.iat!).toBe(900);
    expect(issued.expiresAt.getTime()).toBe(body.exp! * 1000);
  });

  it('honours the configured lifetime', () => {
    const issued = issueAccessToken({ ...SETTINGS, ttlSeconds: 60 }, claims());
    const body = jwt.decode(issued.token, { json: true })!;
    expect(body.exp! - body.iat!).toBe(60);
    expect(verifyAccessToken(SETTINGS, issued.token).exp).toBe(body.exp);
  });

  it('control: a hand-signed token with every expected field verifies', () => {
    const body = payload();
    expect(verifyAccessToken(SETTINGS, sign(body))).toEqual({
      sub: body.sub,
      tenant_id: body.tenant_id,
      role: body.role,
      sid: body.sid,
      exp: body.exp,
    });
  });

  it('refuses a token signed with another secret', () => {
    expectRefused(issueAccessToken({ ...SETTINGS, secret: 'another-secret-entirely-0123456789abc' }, claims()).token);
    expectRefused(sign(payload(), 'another-secret-entirely-0123456789abc'));
  });

  it('refuses alg "none", however it is spelled, with or without a signature', () => {
    const body = payload();
    for (const alg of ['none', 'None', 'NONE']) {
      expectRefused(`${base64url({ alg, typ: 'JWT' })}.${base64url(body)}.`);
    }
    // A real token with its header swapped for "none", signature dropped and kept.
    const [, realPayload, signature] = issueAccessToken(SETTINGS, claims()).token.split('.');
    expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${realPayload}.`);
    expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${realPayload}.${signature}`);
  });

  it('refuses the right secret under any algorithm but HS256', () => {
    expectRefused(sign(payload(), SETTINGS.secret, 'HS384'));
    expectRefused(sign(payload(), SETTINGS.secret, 'HS512'));
  });

  it('refuses an expired token, and accepts one with two seconds left', () => {
    expectRefused(sign(payload({ iat: nowSeconds() - 960, exp: nowSeconds() - 60 })));
    expectRefused(sign(payload({ iat: nowSeconds() - 900, exp: nowSeconds() - 1 })));
    expect(() => verifyAccessToken(SETTINGS, sign(payload({ exp: nowSeconds() + 2 })))).not.toThrow();
  });

  it('refuses a token without exp', () => {
    expectRefused(sign(payload({ exp: undefined })));
  });

  it('refuses another audience: the sandbox token on production and the other way round', () => {
    const sandbox = { ...SETTINGS, audience: 'sv:sandbox' };
    expectRefused(issueAccessToken(sandbox, claims()).token, SETTINGS);
    expectRefused(issueAccessToken(SETTINGS, claims()).token, sandbox);
    expectRefused(sign(payload({ aud: undefined })));
    expectRefused(sign(payload({ aud: 'sv:staging' })));
  });

  it('refuses another issuer or none', () => {
    expectRefused(sign(payload({ iss: 'someone-else' })));
    expectRefused(sign(payload({ iss: undefined })));
  });

  it('refuses a tampered payload or signature', () => {
    const [header, body, signature] = issueAccessToken(SETTINGS, claims()).token.split('.');
    const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    expectRefused(`${header}.${base64url({ ...decoded, role: 'super_admin' })}.${signature}`);
    expectRefused(`${header}.${base64url({ ...decoded, tenant_id: randomUUID() })}.${signature}`);
    expectRefused(`${header}.${base64url({ ...decoded, exp: (decoded.exp as number) + 86_400 })}.${signature}`);
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expectRefused(`${header}.${body}.${flipped}`);
    expectRefused(`${header}.${body}.`);
  });

  it('refuses a correctly signed token whose claims are missing or malformed', () => {
    expectRefused(sign(payload({ sid: undefined })));
    expectRefused(sign(payload({ tenant_id: undefined })));
    expectRefused(sign(payload({ sub: 'not-a-uuid' })));
    expectRefused(sign(payload({ role: 'emperor' })));
    expectRefused(sign(payload({ tenant_id: 42 })));
  });

  it('refuses strings that are not JWTs', () => {
    for (const token of ['', 'garbage', 'a.b.c', 'svk_AbCdEfGh_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']) expectRefused(token);
  });
});
