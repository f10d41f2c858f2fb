import { z } from 'zod';
import { ValidationError, parseOrThrow, zodIssuesToFields } from '../src/index.ts';

const fieldsOf = (schema: z.ZodType, input: unknown): Record<string, string[]> => {
  try {
    parseOrThrow(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.kind).toBe('validation');
    expect(validation.message).toBe('Validation failed');
    return validation.fields ?? {};
  }
  throw new Error('expected a ValidationError');
};

const Body = z.object({
  name: z.string(),
  count: z.number().int(),
  active: z.boolean().optional(),
  kind: z.enum(['a', 'b']).optional(),
  address: z.object({ city: z.string() }).optional(),
  tags: z.array(z.string()).optional(),
});

describe('parseOrThrow', () => {
  it('returns the parsed value when the input is valid', () => {
    expect(parseOrThrow(Body, { name: 'n', count: 2 })).toEqual({ name: 'n', count: 2 });
    expect(parseOrThrow(z.object({ n: z.coerce.number() }), { n: '5' })).toEqual({ n: 5 });
  });

  it("says 'The <field> field is required.' for each missing field", () => {
    expect(fieldsOf(Body, {})).toEqual({
      name: ['The name field is required.'],
      count: ['The count field is required.'],
    });
  });

  it('names the expected type when a field has the wrong one', () => {
    expect(fieldsOf(Body, { name: 5, count: 'x', active: 'yes', tags: 'x' })).toEqual({
      name: ['The name field must be a string.'],
      count: ['The count field must be a number.'],
      active: ['The active field must be true or false.'],
      tags: ['The tags field must be an array.'],
    });
  });

  it('keys nested and array fields by their dotted path', () => {
    expect(fieldsOf(Body, { name: 'n', count: 1, address: {}, tags: ['ok', 3] })).toEqual({
      'address.city': ['The address.city field is required.'],
      'tags.1': ['The tags.1 field must be a string.'],
    });
  });

  it('says the selected value is invalid for an enum', () => {
    expect(fieldsOf(Body, { name: 'n', count: 1, kind: 'c' })).toEqual({ kind: ['The selected kind is invalid.'] });
  });

  it('lists unknown fields of a strict object', () => {
    expect(fieldsOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({ body: ['Unknown field(s): b, c.'] });
  });

  it("keeps a schema's own messages, and gathers several messages of one field", () => {
    const Slug = z.object({
      slug: z.string().min(3, 'The slug must be at least 3 characters.').regex(/^[a-z]+$/, 'The slug may only contain letters.'),
    });
    expect(fieldsOf(Slug, { slug: 'A' })).toEqual({
      slug: ['The slug must be at least 3 characters.', 'The slug may only contain letters.'],
    });
  });

  it("reports a body that is not an object under 'body'", () => {
    expect(fieldsOf(Body, 'a string')).toEqual({ body: ['The body field must be an object.'] });
    expect(fieldsOf(Body, undefined)).toEqual({ body: ['The body field is required.'] });
  });
});

describe('zodIssuesToFields', () => {
  it('groups issue messages by field path', () => {
    const result = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).safeParse({ a: 1, b: { c: 'x' } });
    expect(result.success).toBe(false);
    const fields = zodIssuesToFields(result.error?.issues ?? []);
    expect(Object.keys(fields).sort()).toEqual(['a', 'b.c']);
    expect(fields.a).toHaveLength(1);
  });
});
