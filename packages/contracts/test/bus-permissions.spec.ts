import { BUS_IDENTITIES, BUS_ROLES, busPermissions } from '../src/index.ts';

const PREFIX = 'sv.production';

describe('bus permissions', () => {
  it('lets only the gateway send requests to every service', () => {
    const wildcard = BUS_IDENTITIES.filter((identity) => busPermissions(identity, PREFIX).publish.includes('sv.production.api.>'));
    expect(wildcard).toEqual(['gateway']);
  });

  it('lets no identity publish another identity’s events', () => {
    const owners = new Map<string, string>();
    for (const identity of BUS_IDENTITIES) {
      for (const subject of busPermissions(identity, PREFIX).publish.filter((item) => item.startsWith('sv.production.events.'))) {
        expect({ subject, owner: owners.get(subject) ?? identity }).toEqual({ subject, owner: identity });
        owners.set(subject, identity);
      }
    }
    expect(owners.get('sv.production.events.release.created')).toBe('catalogue');
    expect(owners.get('sv.production.events.release.dsp.*.*')).toBe('delivery');
    expect(busPermissions('webhooks', PREFIX).publish.some((subject) => subject.includes('.events.'))).toBe(false);
  });

  it('gives each identity only its own inboxes and its own api subject to read', () => {
    for (const identity of BUS_IDENTITIES) {
      const { subscribe } = busPermissions(identity, PREFIX);
      expect(subscribe).toContain(`_INBOX.${identity}.>`);
      expect(subscribe.filter((subject) => subject.startsWith('_INBOX.'))).toEqual([`_INBOX.${identity}.>`]);
      expect(subscribe.filter((subject) => subject.includes('.api.'))).toEqual(BUS_ROLES[identity].answers ? [`sv.production.api.${identity}`] : []);
    }
  });

  it('names the environment’s stream only, and grants no stream deletion or purge', () => {
    const all = BUS_IDENTITIES.flatMap((identity) => busPermissions(identity, PREFIX).publish);
    expect(all.filter((subject) => subject.startsWith('$JS.API.STREAM.')).every((subject) => subject.endsWith('.SV_PRODUCTION_EVENTS'))).toBe(true);
    expect(all.some((subject) => /DELETE|PURGE/.test(subject))).toBe(false);
  });
});
