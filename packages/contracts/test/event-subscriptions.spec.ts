import {
  AnyDspStageEvent,
  RESERVED_EVENTS,
  BUS_ROLES,
  DSP_EVENT_STAGES,
  SUBSCRIBABLE_EVENTS,
  SUBSCRIPTION_PATTERNS,
  WebhookTestEvent,
  matchesEventPattern,
  unknownEventPatterns,
} from '../src/index.ts';

const SLUGS = new Set(['spotify']);

/** What a service may publish, as concrete names: the per-DSP lifecycle for one store at every stage. */
const publishedNames = (): string[] => {
  const names = Object.values(BUS_ROLES).flatMap((role) => role.publishes.map((event) => event.name));
  return [...new Set(names)].flatMap((name) =>
    name === AnyDspStageEvent.name ? DSP_EVENT_STAGES.map((stage) => `release.dsp.spotify.${stage}`) : [name],
  );
};

describe('the subscribable events', () => {
  it('let a subscription name every event a service may publish, and offer a family pattern that matches it', () => {
    const published = publishedNames();
    expect(published.length).toBeGreaterThan(0);
    expect(unknownEventPatterns(published, SLUGS)).toEqual([]);
    expect(published.filter((name) => !SUBSCRIPTION_PATTERNS.some((pattern) => matchesEventPattern(pattern, name)))).toEqual([]);
  });

  it('list each event once: the test event, and the per-DSP lifecycle once per stage with the slug left open', () => {
    expect(new Set(SUBSCRIBABLE_EVENTS).size).toBe(SUBSCRIBABLE_EVENTS.length);
    expect(SUBSCRIBABLE_EVENTS).toContain(WebhookTestEvent.name);
    expect(SUBSCRIBABLE_EVENTS).not.toContain(AnyDspStageEvent.name);
    expect(SUBSCRIBABLE_EVENTS.filter((name) => name.startsWith('release.dsp.'))).toEqual(DSP_EVENT_STAGES.map((stage) => `release.dsp.*.${stage}`));
  });

  it('offer only patterns that match an event a service publishes, or a reserved entry of the spec', () => {
    const published = publishedNames();
    const reserved = RESERVED_EVENTS.map((event) => event.name);
    expect(SUBSCRIPTION_PATTERNS.filter((pattern) => !published.some((name) => matchesEventPattern(pattern, name)) && !reserved.includes(pattern))).toEqual([]);
  });

  it("accept the spec's reserved release.distribution.* that no service publishes yet, and refuse a family no one named", () => {
    expect(publishedNames().some((name) => matchesEventPattern('release.distribution.*', name))).toBe(false);
    expect(SUBSCRIBABLE_EVENTS).toContain('release.distribution.*');
    expect(unknownEventPatterns(['release.distribution.*', 'release.distribution.live', 'release.partner.*', 'release.created'], SLUGS)).toEqual(['release.partner.*']);
  });
});
