import { BUS_ROLES, EVENT_CATALOGUE } from '@sv/contracts';

/* The descriptions list EVENT_CATALOGUE; an event a service may publish but the catalogue lacks would go undocumented. */
describe('EVENT_CATALOGUE', () => {
  it('holds every event a service is allowed to publish, each name once', () => {
    const published = Object.values(BUS_ROLES).flatMap((role) => role.publishes.map((event) => event.name));
    const names = EVENT_CATALOGUE.map((event) => event.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...new Set(published)].filter((name) => !names.includes(name))).toEqual([]);
  });
});
