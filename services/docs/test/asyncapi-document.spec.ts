import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import {
  AnyDspStageEvent,
  API_REVISION,
  BUS_ROLES,
  EVENT_CATALOGUE,
  RESERVED_EVENTS,
  NatsHeader,
  dspStageEvent,
  eventSubject,
  subjectPrefix,
} from '@sv/contracts';
import { EVENT_DUPLICATE_WINDOW_MS, EVENT_RETENTION_MS } from '@sv/platform';
import { z } from 'zod';
import { buildAsyncApiDocument } from '../src/app/asyncapi/asyncapi-document.ts';
import type { AsyncApiDocument, Channel, SchemaObject } from '../src/app/asyncapi/asyncapi-types.ts';
import { durationText } from '../src/app/asyncapi/duration-text.ts';

/** Validates the document as served: its JSON text. */
const errorsOf = async (doc: AsyncApiDocument): Promise<string[]> =>
  (await new Parser().validate(JSON.stringify(doc)))
    .filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)
    .map((diagnostic) => `${diagnostic.path.join('/')}: ${diagnostic.message}`);

const doc: AsyncApiDocument = buildAsyncApiDocument();
const channels = Object.values(doc.channels);
const channelKeyOf = (eventName: string): string | undefined =>
  Object.keys(doc.channels).find((key) => doc.channels[key]!['x-event-type'] === eventName);
const channelOf = (eventName: string): Channel | undefined => doc.channels[channelKeyOf(eventName) ?? ''];
const onlyMessage = (channel: Channel) => Object.values(channel.messages)[0]!;

/** The channel address as a pattern over concrete subjects: each `{parameter}` one token. */
const addressPattern = (address: string): RegExp =>
  new RegExp(`^${address.split(/\{[^}]+\}/).map((part) => part.replace(/[.]/g, '\\.')).join('[^.]+')}$`);

describe('the AsyncAPI document', () => {
  it('validates as AsyncAPI 3.0 without errors', async () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(await errorsOf(doc)).toEqual([]);
  });

  it('has its payload schemas checked by that validation (a broken one is reported)', async () => {
    const broken = structuredClone(doc);
    const channel = Object.values(broken.channels)[0]!;
    onlyMessage(channel).payload = { type: 'not-a-type' };
    expect(await errorsOf(broken)).not.toEqual([]);
  });

  it('has one channel for every event of the catalogue, and none for anything else', () => {
    const catalogued = EVENT_CATALOGUE.map((event) => event.name).sort();
    const described = channels.map((channel) => channel['x-event-type']).sort();
    expect(described).toEqual(catalogued);
  });

  it('gives each channel the subject its event is published on', () => {
    for (const event of EVENT_CATALOGUE) {
      const address = channelOf(event.name)!.address;
      const asPublished = address.replace(/\{[^}]+\}/g, '*').replace(/^sv\.\*/, subjectPrefix('production'));
      expect(asPublished).toBe(eventSubject(subjectPrefix('production'), event.name));
    }
  });

  it('addresses the per-DSP stage events with the slug and stage as parameters', () => {
    const channel = channelOf(AnyDspStageEvent.name)!;
    expect(channel.address).toBe('sv.{env}.events.release.dsp.{dsp}.{stage}');
    expect(channel.parameters.stage?.enum).toContain('live');
    expect(addressPattern(channel.address).test(eventSubject(subjectPrefix('sandbox'), dspStageEvent('spotify', 'live').name))).toBe(true);
  });

  it('declares exactly the parameters its address names, env limited to the environments', () => {
    for (const channel of channels) {
      const named = [...channel.address.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(Object.keys(channel.parameters).sort()).toEqual([...named].sort());
      expect(channel.parameters.env?.enum).toEqual(['production', 'sandbox']);
    }
  });

  it('names as publisher the one service the bus permissions let publish the event (none for a reserved entry)', () => {
    for (const event of EVENT_CATALOGUE.filter((entry) => !RESERVED_EVENTS.includes(entry))) {
      const owners = Object.entries(BUS_ROLES)
        .filter(([, role]) => role.publishes.some((published) => published.name === event.name))
        .map(([identity]) => identity);
      expect({ event: event.name, owners }).toEqual({ event: event.name, owners: [expect.any(String)] });
      const operations = Object.values(doc.operations).filter((operation) => operation.channel.$ref === `#/channels/${channelKeyOf(event.name)}`);
      expect(operations.map((operation) => [operation.action, operation['x-publisher']])).toEqual([['receive', owners[0]]]);
    }
    for (const event of RESERVED_EVENTS) {
      const operations = Object.values(doc.operations).filter((operation) => operation.channel.$ref === `#/channels/${channelKeyOf(event.name)}`);
      expect(operations.map((operation) => [operation.action, operation['x-publisher']])).toEqual([['receive', undefined]]);
    }
  });

  it('describes the NATS headers: the event id always, request id and trace context when present', () => {
    for (const channel of channels) {
      const headers = onlyMessage(channel).headers as { properties: Record<string, SchemaObject>; required: string[] };
      expect(Object.keys(headers.properties)).toEqual(expect.arrayContaining(['Nats-Msg-Id', NatsHeader.requestId, 'traceparent', 'tracestate']));
      expect(headers.required).toEqual(['Nats-Msg-Id']);
    }
  });

  it("wraps each event's payload schema in the envelope", () => {
    for (const event of EVENT_CATALOGUE) {
      const payload = onlyMessage(channelOf(event.name)!).payload as { properties: Record<string, SchemaObject>; required: string[] };
      expect(payload.required).toEqual(expect.arrayContaining(['id', 'type', 'tenant_id', 'occurred_at', 'api_version', 'data']));
      const { $schema: _dialect, description: _description, ...expected } = z.toJSONSchema(event.data, {
        target: 'draft-7',
        io: 'output',
        unrepresentable: 'any',
      }) as SchemaObject;
      const { description: _own, ...data } = payload.properties.data!;
      expect(data).toEqual(expected);
    }
  });

  it('states the delivery guarantees with the stream’s real duplicate window and retention', () => {
    expect(doc.info.version).toBe(API_REVISION);
    expect(doc.info.description).toContain('At least once');
    expect(doc.info.description).toContain(`within ${durationText(EVENT_DUPLICATE_WINDOW_MS)}`);
    expect(doc.info.description).toContain(`Kept for ${durationText(EVENT_RETENTION_MS)}`);
    expect(doc.info.description).toMatch(/idempotent/);
  });

  it('names a NATS server and the JetStream stream of each environment', () => {
    expect(Object.keys(doc.servers)).toEqual(['production', 'sandbox']);
    expect(doc.servers.production).toMatchObject({ protocol: 'nats', 'x-jetstream-stream': 'SV_PRODUCTION_EVENTS' });
    expect(doc.servers.sandbox).toMatchObject({ protocol: 'nats', 'x-jetstream-stream': 'SV_SANDBOX_EVENTS' });
    expect(doc.servers.production!.description).toContain('bus-permissions');
  });

  it('declares the nkey security scheme every server uses, and the durable-consumer contract of a subscriber', () => {
    expect(doc.components.securitySchemes.natsNkey).toMatchObject({ type: 'asymmetricEncryption', 'x-nats-auth': 'nkey' });
    expect(doc.components.securitySchemes.natsNkey!.description).toContain('bus subscriber');
    for (const server of Object.values(doc.servers)) expect(server.security).toEqual([{ $ref: '#/components/securitySchemes/natsNkey' }]);
    expect(doc.info.description).toContain('Ordered per subject');
    expect(doc.info.description).toContain('_INBOX.subscriber.<name>');
    expect(doc.info.description).toContain('Nats-Msg-Id');
  });
});
