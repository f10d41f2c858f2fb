import { decodeXmlText } from '../xml/xml-text.ts';

/** One element as the parser gives it: child elements by name (always arrays), `@_Name` attributes, `#text`. */
export type XmlObject = Record<string, unknown>;

const isXmlObject = (value: unknown): value is XmlObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Entity-decoded, with XML white space runs (a ℗ line wrapped over lines in the file) read as one space. */
const decoded = (value: unknown): string => (typeof value === 'string' ? decodeXmlText(value).replace(/[\t\n\r ]+/g, ' ').trim() : '');

/**
 * A parsed element that knows its path in the document, in the form validation problems use
 * (`/NewReleaseMessage/ResourceList/SoundRecording[2]`: local names, an index only where an
 * element repeats among its siblings), so mapping problems can name where they are.
 */
export class ErnElement {
  readonly name: string;
  readonly path: string;
  private readonly content: XmlObject;

  private constructor(name: string, path: string, content: XmlObject) {
    this.name = name;
    this.path = path;
    this.content = content;
  }

  /** The root element of a parsed document; undefined when the value is not one element. */
  static root(name: string, value: unknown): ErnElement | undefined {
    const [first, ...rest] = Array.isArray(value) ? value : [];
    return isXmlObject(first) && rest.length === 0 ? new ErnElement(name, `/${name}`, first) : undefined;
  }

  /** The child elements called `name`, in document order. */
  children(name: string): ErnElement[] {
    const value = Object.hasOwn(this.content, name) ? this.content[name] : undefined;
    if (!Array.isArray(value)) return [];
    const repeated = value.length > 1;
    return value.flatMap((child: unknown, index) =>
      isXmlObject(child) ? [new ErnElement(name, `${this.path}/${name}${repeated ? `[${index + 1}]` : ''}`, child)] : [],
    );
  }

  child(name: string): ErnElement | undefined {
    return this.children(name)[0];
  }

  /** Descends through the first child of each name: `at('ReleaseId', 'ICPN')`. */
  at(...names: string[]): ErnElement | undefined {
    return names.reduce<ErnElement | undefined>((element, name) => element?.child(name), this);
  }

  /** The element's own text, decoded and trimmed ('' when it has none). */
  get text(): string {
    return decoded(this.content['#text']);
  }

  /** The text of the first element at the path, when there is one with text. */
  textAt(...names: string[]): string | undefined {
    const text = this.at(...names)?.text;
    return text === undefined || text === '' ? undefined : text;
  }

  /** The non-empty texts of every child called `name`. */
  texts(name: string): string[] {
    return this.children(name)
      .map((child) => child.text)
      .filter((text) => text !== '');
  }

  attribute(name: string): string | undefined {
    const key = `@_${name}`;
    if (!Object.hasOwn(this.content, key)) return undefined;
    const value = decoded(this.content[key]);
    return value === '' ? undefined : value;
  }

  /** For flags such as IsDefault="true" (xs:boolean also allows "1"). */
  flag(name: string): boolean {
    const value = this.attribute(name);
    return value === 'true' || value === '1';
  }
}
