import { readConfig } from '../src/config.ts';

/** SV_CORS_ORIGINS: the browser origins allowed credentialed cross-origin access, matched exactly. */
const corsOriginsOf = (value?: string) =>
  readConfig({ SV_ENV: 'production', SV_LOCAL_DEVELOPMENT: '1', ...(value === undefined ? {} : { SV_CORS_ORIGINS: value }) }).corsOrigins;

describe('SV_CORS_ORIGINS', () => {
  it('allows no origin when unset or empty', () => {
    expect(corsOriginsOf()).toEqual([]);
    expect(corsOriginsOf('')).toEqual([]);
  });

  it('reads a comma-separated list of origins', () => {
    expect(corsOriginsOf(' https://app.example.com, http://localhost:5173 ')).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it.each([
    ['*', 'a wildcard'],
    ['null', 'the opaque origin'],
    ['https://app.example.com/', 'a trailing slash'],
    ['https://app.example.com/app', 'a path'],
    ['https://App.Example.com', 'upper case, which no browser sends'],
    ['https://app.example.com:443', 'the default port, which no browser sends'],
    ['app.example.com', 'no scheme'],
    ['file:///home/app/index.html', 'a file URL'],
  ])('refuses %j (%s): it could never equal an Origin header, or would allow too much', (value) => {
    expect(() => corsOriginsOf(`https://ok.example.com,${value}`)).toThrow(/SV_CORS_ORIGINS/);
  });
});
