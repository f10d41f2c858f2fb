import { ValidationError } from '@sv/platform';
import { MAX_NESTING_DEPTH, TextSafetyMessages, assertSafeText, failOnUnsafeFormField, unsafeTextErrors } from '../src/http/middleware/text-safety.ts';

/** `[[[…]]]` nested `depth` levels, built without recursion. */
const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('the text a request may carry', () => {
  it('accepts ordinary text, including paired surrogates (emoji) and other control characters', () => {
    expect(unsafeTextErrors({ title: 'Café 🎵', notes: 'tab\tand\nnewline', tracks: [{ title: '東京' }], n: 1, ok: true, none: null })).toBeUndefined();
    expect(unsafeTextErrors(undefined)).toBeUndefined();
  });

  it('names each field holding NUL, wherever it sits', () => {
    expect(unsafeTextErrors({ title: 'a\u0000b', tracks: [{ title: 'ok' }, { isrc: '\u0000' }] })).toEqual({
      title: [TextSafetyMessages.nul('title')],
      'tracks.1.isrc': [TextSafetyMessages.nul('tracks.1.isrc')],
    });
  });

  it('names a field holding a lone surrogate, high or low, as JSON text can spell it', () => {
    expect(unsafeTextErrors(JSON.parse('{"name":"\\ud800","label":"x\\udc00y","reversed":"\\udc00\\ud800"}'))).toEqual({
      name: [TextSafetyMessages.loneSurrogate('name')],
      label: [TextSafetyMessages.loneSurrogate('label')],
      reversed: [TextSafetyMessages.loneSurrogate('reversed')],
    });
  });

  it('refuses field names with NUL without echoing the character back', () => {
    const errors = unsafeTextErrors({ ['na\u0000me']: 'x' });
    expect(errors).toEqual({ 'na\uFFFDme': [TextSafetyMessages.fieldName] });
  });

  it('calls a top-level string problem a body problem', () => {
    expect(unsafeTextErrors(['\u0000'])).toEqual({ '0': [TextSafetyMessages.nul('0')] });
    expect(unsafeTextErrors('\u0000')).toEqual({ body: [TextSafetyMessages.nul('body')] });
  });

  it(`allows ${MAX_NESTING_DEPTH} levels of nesting and refuses one more`, () => {
    expect(unsafeTextErrors(nestedArrays(MAX_NESTING_DEPTH))).toBeUndefined();
    expect(unsafeTextErrors(nestedArrays(MAX_NESTING_DEPTH + 1))).toEqual({ body: [TextSafetyMessages.tooDeep(MAX_NESTING_DEPTH)] });
  });

  it('walks a 200,000-deep body without exhausting the stack', () => {
    expect(unsafeTextErrors(nestedArrays(200_000))).toEqual({ body: [TextSafetyMessages.tooDeep(MAX_NESTING_DEPTH)] });
  });

  it('reports a bounded number of fields for a body full of bad strings', () => {
    const errors = unsafeTextErrors(Array.from({ length: 10_000 }, () => '\u0000'));
    expect(Object.keys(errors ?? {}).length).toBeLessThanOrEqual(20);
  });

  it('throws the spec 422 (Validation failed, per field)', () => {
    expect(() => assertSafeText({ password: 'x\u0000' })).toThrow(
      expect.objectContaining({ kind: 'validation', fields: { password: [TextSafetyMessages.nul('password')] } }),
    );
    expect(() => assertSafeText({ password: 'fine' })).not.toThrow();
  });

  it('hands a multipart field refusal to the collecting parser, and nothing for a clean one', () => {
    const failures: unknown[] = [];
    failOnUnsafeFormField('title', 'clean', (error) => failures.push(error));
    expect(failures).toEqual([]);
    failOnUnsafeFormField('title', 'a\u0000', (error) => failures.push(error));
    expect(failures).toHaveLength(1);
    expect((failures[0] as ValidationError).fields).toEqual({ title: [TextSafetyMessages.nul('title')] });
  });
});
