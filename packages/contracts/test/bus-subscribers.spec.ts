import { apiSubject, eventStreamName, subscriberPermissions, withBusSubscribers, type BusSubscriber } from '../src/index.ts';

/** NATS subject matching: `*` one token, `>` one or more trailing tokens. */
const matches = (pattern: string, subject: string): boolean => {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let index = 0; index < p.length; index++) {
    if (p[index] === '>') return s.length > index;
    if (index >= s.length || (p[index] !== '*' && p[index] !== s[index])) return false;
  }
  return p.length === s.length;
};
const allowed = (patterns: string[], subject: string): boolean => patterns.some((pattern) => matches(pattern, subject));

const prefix = 'sv.production';
const stream = eventStreamName(prefix);
const subscriber = (overrides: Partial<BusSubscriber> = {}): BusSubscriber => ({
  name: 'reports',
  nkey: 'UREPORTS',
  events: [],
  consumers: ['reports'],
  created_at: '2026-11-28T00:00:00.000Z',
  revoked_at: null,
  ...overrides,
});

describe('subscriberPermissions', () => {
  it('lets a subscriber create, read and acknowledge only its own consumers, and publish nothing else', () => {
    const { publish, subscribe } = subscriberPermissions(subscriber(), prefix);
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.reports.${prefix}.events.>`)).toBe(true);
    expect(allowed(publish, `$JS.API.CONSUMER.MSG.NEXT.${stream}.reports`)).toBe(true);
    expect(allowed(publish, `$JS.ACK.${stream}.reports.1.2.3.4.0`)).toBe(true);
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.svc-catalogue`)).toBe(false);
    expect(allowed(publish, `$JS.API.CONSUMER.MSG.NEXT.${stream}.svc-catalogue`)).toBe(false);
    expect(allowed(publish, `$JS.API.STREAM.DELETE.${stream}`)).toBe(false);
    expect(allowed(publish, apiSubject(prefix, 'catalogue'))).toBe(false);
    expect(allowed(publish, `${prefix}.events.release.approved`)).toBe(false);
    expect(allowed(subscribe, `${prefix}.events.release.approved`)).toBe(true);
    expect(allowed(subscribe, '_INBOX.subscriber.reports.abc')).toBe(true);
    expect(allowed(subscribe, '_INBOX.gateway.abc')).toBe(false);
    expect(allowed(subscribe, apiSubject(prefix, 'catalogue'))).toBe(false);
  });

  it('filters its consumers to the event patterns it was given', () => {
    const { publish, subscribe } = subscriberPermissions(subscriber({ events: ['release.approved', 'release.dsp.*.live'] }), prefix);
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.reports.${prefix}.events.release.approved`)).toBe(true);
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.reports.${prefix}.events.release.dsp.spotify.live`)).toBe(true);
    // Every event, or no filter at all, is more than it was given.
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.reports.${prefix}.events.>`)).toBe(false);
    expect(allowed(publish, `$JS.API.CONSUMER.CREATE.${stream}.reports`)).toBe(false);
    expect(allowed(publish, `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.reports`)).toBe(false);
    expect(allowed(subscribe, `${prefix}.events.royalty.statement.completed`)).toBe(false);
  });
});

describe('withBusSubscribers', () => {
  it('adds active subscribers once and drops revoked ones', () => {
    const platform = [{ nkey: 'UGATEWAY' }];
    const active = subscriber();
    const once = withBusSubscribers(platform, [active], prefix);
    expect(withBusSubscribers(once, [active], prefix)).toEqual(once);
    expect(once.map((user) => user.nkey)).toEqual(['UGATEWAY', 'UREPORTS']);
    expect(withBusSubscribers(once, [{ ...active, revoked_at: '2026-11-28T01:00:00.000Z' }], prefix)).toEqual(platform);
  });
});
