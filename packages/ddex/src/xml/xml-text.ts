/*
 * Text as XML 1.0 may carry it. Metadata arrives from people and imports, so anything a
 * parser would refuse (C0/C1 controls, lone surrogates, U+FFFE/U+FFFF) is dropped rather than
 * trusted, and line breaks or tabs inside a title become plain spaces.
 */

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAKS = /[\t\n\r]+/g;
const SPECIAL = /[&<>"']/g;
const ENTITY_FOR: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The value with forbidden characters removed and line breaks flattened, trimmed. */
export const cleanText = (value: string): string => value.replace(FORBIDDEN, '').replace(LINE_BREAKS, ' ').trim();

/** Clean text escaped for element content and attribute values alike (all five specials). */
export const escapeXml = (value: string): string => cleanText(value).replace(SPECIAL, (char) => ENTITY_FOR[char] ?? char);

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes the five predefined entities and character references, nothing else: documents we
 * read never get their own entities expanded (no DOCTYPE is accepted in the first place).
 */
export const decodeXmlText = (value: string): string =>
  value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(Number.parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith('#')) return safeCodePoint(Number.parseInt(body.slice(1), 10)) ?? whole;
    return PREDEFINED[body] ?? whole;
  });

/**
 * Every character reference decoded as written, even to a character XML forbids (`&#0;`, a lone
 * surrogate `&#xD800;`), and nothing else: for checking what a document's text would hold, never
 * for reading it (decodeXmlText does that).
 */
export const decodeCharacterReferences = (value: string): string =>
  value.replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (whole, body: string) => {
    const code = body.startsWith('x') ? Number.parseInt(body.slice(1), 16) : Number.parseInt(body, 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const safeCodePoint = (code: number): string | undefined =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
