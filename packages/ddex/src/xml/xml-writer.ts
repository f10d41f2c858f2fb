import { escapeXml } from './xml-text.ts';

/** Attribute values by name; undefined ones are left out, so callers can pass optional values. */
export type XmlAttributes = Record<string, string | number | boolean | undefined>;

const INDENT = '  ';

/**
 * Writes an indented XML document line by line. Every text and attribute value goes through
 * `escapeXml`, so no caller can forget to escape; element names are the code's own constants.
 */
export class XmlWriter {
  readonly #lines: string[] = [];
  readonly #open: string[] = [];

  /** Opens an element whose content is further elements. */
  open(name: string, attributes?: XmlAttributes): this {
    this.#lines.push(`${this.#indent()}<${name}${formatAttributes(attributes)}>`);
    this.#open.push(name);
    return this;
  }

  close(name: string): this {
    const last = this.#open.pop();
    if (last !== name) throw new Error(`XmlWriter: closing <${name}> while <${last ?? 'nothing'}> is open.`);
    this.#lines.push(`${this.#indent()}</${name}>`);
    return this;
  }

  /** An element holding text only. */
  leaf(name: string, text: string | number | boolean, attributes?: XmlAttributes): this {
    this.#lines.push(`${this.#indent()}<${name}${formatAttributes(attributes)}>${escapeXml(String(text))}</${name}>`);
    return this;
  }

  /** `leaf` when there is a value, nothing otherwise. */
  optionalLeaf(name: string, text: string | number | null | undefined, attributes?: XmlAttributes): this {
    return text === null || text === undefined || text === '' ? this : this.leaf(name, text, attributes);
  }

  /** The document, with the XML declaration; every element must be closed. */
  toString(): string {
    if (this.#open.length > 0) throw new Error(`XmlWriter: <${this.#open.join('>, <')}> left open.`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${this.#lines.join('\n')}\n`;
  }

  #indent(): string {
    return INDENT.repeat(this.#open.length);
  }
}

const formatAttributes = (attributes: XmlAttributes | undefined): string => {
  if (!attributes) return '';
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) out += ` ${name}="${escapeXml(String(value))}"`;
  }
  return out;
};
