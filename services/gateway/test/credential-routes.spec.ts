import { isAnonymousRoute, isKnownRoute, rateCategoryOf } from '../src/http/route-matcher.ts';

describe('the credential routes in the route matcher', () => {
  it.each(['/auth/resend-otp', '/auth/verify-otp', '/auth/forgot-password', '/auth/reset-password'])(
    'POST %s is anonymous and rated as auth, with or without the version',
    (path) => {
      for (const candidate of [path, `/v1${path}`]) {
        expect(isKnownRoute('POST', candidate)).toBe(true);
        expect(isAnonymousRoute('POST', candidate)).toBe(true);
        expect(rateCategoryOf('POST', candidate)).toBe('auth');
      }
      expect(isKnownRoute('GET', path)).toBe(false);
    },
  );

  it('PATCH /users/me needs a token and is rated as auth; GET /users/me is unchanged', () => {
    expect(isKnownRoute('PATCH', '/users/me')).toBe(true);
    expect(isAnonymousRoute('PATCH', '/users/me')).toBe(false);
    expect(rateCategoryOf('PATCH', '/v1/users/me')).toBe('auth');
    expect(rateCategoryOf('GET', '/users/me')).toBe('general');
  });
});
