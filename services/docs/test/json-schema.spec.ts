import { z } from 'zod';
import { toJsonSchema } from '../src/app/openapi/json-schema.ts';

describe('toJsonSchema', () => {
  it('writes JSON Schema 2020-12 without its own dialect marker', () => {
    const schema = toJsonSchema(z.object({ id: z.uuid(), at: z.iso.datetime() }), 'output');
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', required: ['id', 'at'], properties: { id: { type: 'string', format: 'uuid' } } });
  });

  it("leaves out a validator's regex beside a format, and an integer's safe-integer bounds", () => {
    const schema = toJsonSchema(z.object({ id: z.uuid(), count: z.number().int() }), 'output');
    expect(schema.properties).toEqual({ id: { type: 'string', format: 'uuid' }, count: { type: 'integer' } });
  });

  it('keeps a pattern that no format stands for', () => {
    expect(toJsonSchema(z.string().regex(/^[a-z]+$/), 'input')).toEqual({ type: 'string', pattern: '^[a-z]+$' });
  });

  it('spells out the keys of a record keyed by an enum, which are all required', () => {
    const schema = toJsonSchema(z.record(z.enum(['territories', 'pricing']), z.enum(['default', 'release'])), 'output');
    expect(schema).toEqual({
      type: 'object',
      properties: { territories: { type: 'string', enum: ['default', 'release'] }, pricing: { type: 'string', enum: ['default', 'release'] } },
      required: ['territories', 'pricing'],
      additionalProperties: false,
    });
  });

  it('describes what a client sends on the input side (a default makes a field optional)', () => {
    const query = z.object({ per_page: z.coerce.number().int().default(50) });
    expect(toJsonSchema(query, 'input')).not.toHaveProperty('required');
    expect(toJsonSchema(query, 'output')).toMatchObject({ required: ['per_page'] });
  });
});
