import { z } from 'zod';
import { exampleOf } from '../src/app/openapi/example-values.ts';
import { toJsonSchema } from '../src/app/openapi/json-schema.ts';
import { validExample } from '../src/app/openapi/valid-example.ts';

describe('exampleOf', () => {
  it('takes what the schema states first: const, default, then the first enum value', () => {
    expect(exampleOf({ const: 'pending', type: 'string' })).toBe('pending');
    expect(exampleOf({ type: 'integer', default: 20 })).toBe(20);
    expect(exampleOf({ type: 'string', enum: ['single', 'ep'] })).toBe('single');
  });

  it('writes strings by format, then by the property name, within pattern and length', () => {
    expect(exampleOf({ type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(exampleOf({ type: 'string' }, 'release_date')).toBe('2026-06-01');
    expect(exampleOf({ type: 'string' }, 'created_at')).toBe('2026-05-18T09:30:00Z');
    expect(exampleOf({ type: 'string', pattern: '^[A-Za-z]{3}$' }, 'code')).toBe('USD');
    expect(exampleOf({ type: 'string', pattern: '^[A-Za-z0-9_]+\\.xml$' }, 'file')).toBe('spotify.xml');
    expect((exampleOf({ type: 'string', minLength: 12 }, 'tag') as string).length).toBeGreaterThanOrEqual(12);
    expect((exampleOf({ type: 'string', maxLength: 3 }, 'title') as string).length).toBeLessThanOrEqual(3);
  });

  it('keeps numbers within their bounds and arrays at their minimum size', () => {
    expect(exampleOf({ type: 'integer', minimum: 1000, maximum: 9999 }, 'copyright_year')).toBe(2026);
    expect(exampleOf({ type: 'integer', minimum: 5 }, 'count')).toBe(5);
    expect(exampleOf({ type: 'number', exclusiveMaximum: 1 }, 'ratio')).toBeLessThan(1);
    expect(exampleOf({ type: 'array', minItems: 2, items: { type: 'string', format: 'email' } }, 'emails')).toEqual(['label@example.com', 'label@example.com']);
  });

  it('fills every property of an object and takes the non-null branch of a nullable', () => {
    const schema = toJsonSchema(z.object({ title: z.string(), label: z.string().nullable(), tracks: z.array(z.object({ position: z.number().int().positive() })) }), 'input');
    expect(exampleOf(schema)).toEqual({ title: 'Midnight Drive', label: 'Example Records', tracks: [{ position: 1 }] });
  });
});

describe('validExample', () => {
  it('drops an optional field whose refinement JSON Schema cannot express, until the schema accepts the example', () => {
    const schema = z.object({
      title: z.string(),
      isni: z
        .string()
        .refine((value) => /^\d{15}[\dX]$/.test(value))
        .optional(),
    });
    const { example, valid } = validExample(schema, toJsonSchema(schema, 'input'));
    expect(valid).toBe(true);
    expect(example).toEqual({ title: 'Midnight Drive' });
  });

  it('says so when a required field cannot be satisfied', () => {
    const schema = z.object({ code: z.string().refine((value) => value === 'never-generated') });
    expect(validExample(schema, toJsonSchema(schema, 'input')).valid).toBe(false);
  });
});
