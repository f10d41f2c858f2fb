import { SUBSCRIBABLE_EVENTS, SUBSCRIPTION_PATTERNS, parseDspStageType, unknownEventPatterns } from '@sv/contracts';
import { buildServedDocuments } from '../src/app/documents/served-documents.ts';
import type { JsonSchema, OpenApiDocument, RequestBody } from '../src/app/openapi/openapi-types.ts';
import { SERVERS } from './support/documented-operations.ts';

/*
 * The `webhooks` of /openapi.json describe what a subscription can receive; the webhooks service
 * accepts or refuses a subscription's patterns with unknownEventPatterns and lists them with
 * SUBSCRIBABLE_EVENTS and SUBSCRIPTION_PATTERNS. Both must name the same events.
 */

/** The document as GET /openapi.json serves it. */
const document = JSON.parse(buildServedDocuments(SERVERS).openApiJson.body) as OpenApiDocument;

interface DocumentedEvent {
  /** The key under `webhooks`: an event name, or `release.dsp.*.<stage>` for a store's stage. */
  key: string;
  /** The `type` of its example delivery. */
  exampleType: string;
  /** True when the entry's schema for `type` admits `type`. */
  describes(type: string): boolean;
}

const documented: DocumentedEvent[] = Object.entries(document.webhooks).map(([key, item]) => {
  const content = (item.post!.requestBody as RequestBody).content['application/json']!;
  const [, own] = content.schema.allOf as [JsonSchema, { properties: { type: JsonSchema } }];
  const typeSchema = own.properties.type;
  return {
    key,
    exampleType: (content.example as { type: string }).type,
    describes: (type) => (typeSchema.const !== undefined ? typeSchema.const === type : new RegExp(String(typeSchema.pattern)).test(type)),
  };
});

/** The stores the examples name: the slugs a subscription may use here (supply-chain is not running). */
const slugs = new Set(documented.flatMap((entry) => parseDspStageType(entry.exampleType)?.slug ?? []));

const isDocumented = (type: string): boolean => documented.some((entry) => entry.describes(type));

/**
 * Concrete event names near everything either side knows: for each name length, every combination
 * of the segments seen at each position in the documented entries and in what the webhooks service
 * offers (its events and patterns), with `*` standing for each documented store.
 */
const nearbyNames = (): string[] => {
  const known = [...documented.flatMap((entry) => [entry.key, entry.exampleType]), ...SUBSCRIBABLE_EVENTS, ...SUBSCRIPTION_PATTERNS];
  const byLength = new Map<number, Set<string>[]>();
  for (const name of known) {
    const segments = name.split('.');
    const positions = byLength.get(segments.length) ?? segments.map(() => new Set<string>());
    segments.forEach((segment, i) => (segment === '*' ? slugs : new Set([segment])).forEach((value) => positions[i]!.add(value)));
    byLength.set(segments.length, positions);
  }
  return [...byLength.values()].flatMap((positions) =>
    positions.reduce<string[][]>((names, values) => names.flatMap((prefix) => [...values].map((value) => [...prefix, value])), [[]]).map((segments) => segments.join('.')),
  );
};

describe('webhook subscriptions and the OpenAPI webhooks', () => {
  it('accepts a subscription to every documented event, by its key and by the type its example carries', () => {
    expect(documented.length).toBeGreaterThan(0);
    expect(slugs.size).toBeGreaterThan(0);
    expect(unknownEventPatterns(documented.map((entry) => entry.key), slugs)).toEqual([]);
    expect(unknownEventPatterns(documented.map((entry) => entry.exampleType), slugs)).toEqual([]);
  });

  it('lists in GET /webhooks/event-types exactly the documented events, and offers only patterns that match one', () => {
    expect([...SUBSCRIBABLE_EVENTS].sort()).toEqual(documented.map((entry) => entry.key).sort());
    expect(unknownEventPatterns(SUBSCRIPTION_PATTERNS, slugs)).toEqual([]);
  });

  it('accepts no concrete event name that the document does not describe', () => {
    const concrete = nearbyNames().filter((name) => !name.split('.').includes('*'));
    const accepted = concrete.filter((name) => unknownEventPatterns([name], slugs).length === 0);
    // Not vacuous: every documented example is among the names tried, and accepted.
    expect(accepted).toEqual(expect.arrayContaining(documented.map((entry) => entry.exampleType)));
    expect(accepted.length).toBeLessThan(concrete.length);
    expect(accepted.filter((name) => !isDocumented(name))).toEqual([]);
  });
});
