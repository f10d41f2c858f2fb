import { statusLines, statusProblem, type PlatformStatus } from '../src/admin/admin-status.ts';

const status = (services: PlatformStatus['services']): PlatformStatus => ({
  ready: services.every((service) => service.ready !== false),
  environment: 'production',
  nats: 'nats://127.0.0.1:4222',
  subject_prefix: 'sv.production',
  services,
});

describe('status on a terminal', () => {
  it('prints the bus, one line per service and what is not ready', () => {
    const lines = statusLines(
      status([
        { service: 'gateway', ready: null, state: 'not_checked', detail: "the operator's bus identity may not ask sv.production.api.gateway" },
        { service: 'catalogue', ready: true, state: 'ready', detail: 'answers on sv.production.api.catalogue' },
        { service: 'royalties', ready: false, state: 'not_running', detail: 'no replica listens on sv.production.api.royalties' },
      ]),
    ).trimEnd().split('\n');
    expect(lines).toEqual([
      'environment production, NATS nats://127.0.0.1:4222, subject prefix sv.production',
      "gateway    not checked  the operator's bus identity may not ask sv.production.api.gateway",
      'catalogue  ready        answers on sv.production.api.catalogue',
      'royalties  not running  no replica listens on sv.production.api.royalties',
      'Not ready: royalties (environment production, NATS nats://127.0.0.1:4222).',
    ]);
  });

  it('a service the operator may not ask is not counted as down', () => {
    const document = status([
      { service: 'gateway', ready: null, state: 'not_checked', detail: 'x' },
      { service: 'catalogue', ready: true, state: 'ready', detail: 'y' },
    ]);
    expect(statusProblem(document)).toBeUndefined();
    expect(statusLines(document).trimEnd().split('\n').at(-1)).toBe('ready, but for the services not checked');
  });
});
