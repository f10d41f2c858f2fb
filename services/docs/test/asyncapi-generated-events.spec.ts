import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { defineEvent } from '@sv/contracts';
import { z } from 'zod';
import { buildAsyncApiDocument } from '../src/app/asyncapi/asyncapi-document.ts';
import type { AsyncApiDocument } from '../src/app/asyncapi/asyncapi-types.ts';
import { durationText } from '../src/app/asyncapi/duration-text.ts';

/*
 * Events the contracts do not have yet, to show a new one is described without touching the
 * generator: shared and recursive parts, and wildcards nobody has named.
 */

/** Validates the document as served: its JSON text. */
const errorsOf = async (doc: AsyncApiDocument): Promise<string[]> =>
  (await new Parser().validate(JSON.stringify(doc)))
    .filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)
    .map((diagnostic) => `${diagnostic.path.join('/')}: ${diagnostic.message}`);

const Party = z.object({ party_id: z.uuid() }).meta({ id: 'Party' });
const Folder = z.object({
  name: z.string(),
  get children(): z.ZodArray<typeof Folder> {
    return z.array(Folder);
  },
});

describe('events added later', () => {
  it('keeps shared and recursive schema parts resolvable, each event under its own names', async () => {
    const doc = buildAsyncApiDocument({
      events: [
        defineEvent('folder.moved', z.object({ from: Folder, to: Folder, by: Party })),
        defineEvent('folder.shared', z.object({ with: Party, owner: Party })),
      ],
    });
    expect(await errorsOf(doc)).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['folder.moved.Party', 'folder.shared.Party']));
    expect(JSON.stringify(doc)).not.toContain('#/definitions/');
  });

  it('gives unnamed wildcard tokens positional parameters', async () => {
    const doc = buildAsyncApiDocument({ events: [defineEvent('ingestion.*.done', z.object({ batch_id: z.uuid() }))] });
    expect(await errorsOf(doc)).toEqual([]);
    const channel = doc.channels['ingestion.any.done']!;
    expect(channel.address).toBe('sv.{env}.events.ingestion.{token2}.done');
    expect(Object.keys(channel.parameters)).toEqual(['env', 'token2']);
  });

  it('lists only the environments asked for', () => {
    const doc = buildAsyncApiDocument({ environments: [{ name: 'sandbox', host: 'nats.example.com:4222' }] });
    expect(Object.keys(doc.servers)).toEqual(['sandbox']);
    expect(doc.servers.sandbox).toMatchObject({ host: 'nats.example.com:4222', 'x-jetstream-stream': 'SV_SANDBOX_EVENTS' });
    expect(Object.values(doc.channels).every((channel) => channel.parameters.env?.enum?.join() === 'sandbox')).toBe(true);
  });
});

describe('durationText', () => {
  it('says a duration in the largest whole unit', () => {
    expect(durationText(10 * 60 * 1000)).toBe('10 minutes');
    expect(durationText(30 * 24 * 60 * 60 * 1000)).toBe('30 days');
    expect(durationText(90 * 60 * 1000)).toBe('90 minutes');
    expect(durationText(1000)).toBe('1 second');
    expect(durationText(1500)).toBe('1500 milliseconds');
  });
});
