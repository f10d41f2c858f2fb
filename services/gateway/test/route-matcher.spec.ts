import { isHealthPath, isKnownRoute, rateCategoryOf } from '../src/http/route-matcher.ts';
import { RATE_LIMITS } from '@sv/contracts';

const UUID = '6f1c2a52-3d5e-4b8a-9c0d-1e2f3a4b5c6d';

describe('RATE_LIMITS', () => {
  it('holds the per-minute limits of the spec', () => {
    expect(RATE_LIMITS).toEqual({ general: 120, audio_upload: 10, distribution: 30, analytics: 60, auth: 5, ingestion_bulk: 30 });
  });
});

describe('rateCategoryOf', () => {
  it.each([
    ['POST', `/v1/tracks/${UUID}/audio`, 'audio_upload'],
    ['POST', `/tracks/${UUID}/audio`, 'audio_upload'],
    ['POST', '/v1/tracks/x/audio', 'audio_upload'],
    ['POST', `/tracks/${UUID}/upload`, 'audio_upload'],
    ['POST', `/releases/${UUID}/ddex/deliver`, 'distribution'],
    ['POST', '/v1/releases/x/ddex/deliver', 'distribution'],
    ['POST', `/releases/${UUID}/ddex/deliver/spotify`, 'distribution'],
    ['POST', `/releases/${UUID}/ddex/purge`, 'distribution'],
    ['POST', `/releases/${UUID}/ddex/redeliver`, 'distribution'],
    ['POST', `/releases/${UUID}/ddex/redeliver/spotify`, 'distribution'],
    // Reading about deliveries is not a delivery call: general requests.
    ['GET', `/releases/${UUID}/ddex/deliveries`, 'general'],
    ['GET', `/releases/${UUID}/ddex/preview/spotify.xml`, 'general'],
    ['GET', '/analytics/overview', 'analytics'],
    ['GET', '/v1/analytics/overview', 'analytics'],
    ['GET', `/analytics/streaming/artists/${UUID}/weekly`, 'analytics'],
    ['POST', '/analytics/ingest', 'analytics'],
    ['POST', '/ingestion/bulk', 'ingestion_bulk'],
    ['POST', '/v1/ingestion/bulk', 'ingestion_bulk'],
  ])('%s %s is %s', (method, path, category) => {
    expect(rateCategoryOf(method, path)).toBe(category);
  });

  it.each([
    ['GET', '/artists'],
    ['POST', '/v1/artists'],
    ['GET', '/users/me'],
    ['GET', '/v1/users/me'],
    ['POST', '/ingestion/json'],
    ['POST', `/releases/${UUID}/submit`],
    ['GET', '/definitely/not/a/route'],
    ['GET', '/v1/definitely/not/a/route'],
    ['GET', '/'],
    ['DELETE', `/tracks/${UUID}`],
  ])('%s %s is general', (method, path) => {
    expect(rateCategoryOf(method, path)).toBe('general');
  });

  it('decides by method as well as path', () => {
    // Only POST /tracks/{uuid}/audio is an audio upload; the path with GET is no route at all.
    expect(rateCategoryOf('GET', `/tracks/${UUID}/audio`)).toBe('general');
    expect(rateCategoryOf('GET', '/ingestion/bulk')).toBe('general');
    expect(rateCategoryOf('POST', '/analytics/overview')).toBe('general');
  });

  it('gives /v1 and unversioned paths the same category', () => {
    for (const [method, path] of [
      ['POST', `/tracks/${UUID}/audio`],
      ['POST', `/releases/${UUID}/ddex/deliver`],
      ['GET', '/analytics/by-dsp'],
      ['POST', '/ingestion/bulk'],
      ['GET', '/artists'],
    ] as const) {
      expect(rateCategoryOf(method, `/v1${path}`)).toBe(rateCategoryOf(method, path));
    }
  });

  it('does not strip a segment that merely starts with v and digits', () => {
    expect(rateCategoryOf('GET', '/v1analytics/overview')).toBe('general');
  });
});

describe('isKnownRoute', () => {
  it.each([
    ['GET', '/artists'],
    ['GET', '/v1/artists'],
    ['POST', '/artists'],
    ['GET', `/artists/${UUID}`],
    ['PATCH', `/v1/artists/${UUID}`],
    ['POST', `/artists/${UUID}/avatar`],
    ['GET', '/releases'],
    ['POST', `/tracks/${UUID}/audio`],
    ['GET', '/webhooks'],
    ['GET', '/webhooks/event-types'],
    ['GET', '/supply-chain/dsps'],
    ['GET', '/analytics/overview'],
    ['POST', '/ingestion/bulk'],
    ['GET', '/users/me'],
    ['GET', '/v1/users/me'],
    ['HEAD', '/artists'],
  ])('%s %s is known', (method, path) => {
    expect(isKnownRoute(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/definitely/not/a/route'],
    ['GET', '/v1/definitely/not/a/route'],
    ['GET', '/'],
    ['PUT', `/webhooks/${UUID}`],
    ['GET', `/tracks/${UUID}/audio`],
    ['DELETE', '/artists'],
    ['POST', '/users/me'],
    ['POST', '/auth/signup'],
    ['GET', `/artists/${UUID}/nested/deeper`],
    ['GET', '/artistsx'],
  ])('%s %s is not known', (method, path) => {
    expect(isKnownRoute(method, path)).toBe(false);
  });
});

describe('isHealthPath', () => {
  it.each(['/health', '/health/', '/v1/health', '/v1/health/', '/HEALTH', '/V1/Health'])('%s is the health probe', (path) => {
    expect(isHealthPath(path)).toBe(true);
  });

  it.each(['/healthz', '/health/db', '/x/health', '/artists', '/', '/v1', '/v1/healthcheck', '/api/health'])('%s is not', (path) => {
    expect(isHealthPath(path)).toBe(false);
  });
});
