import { cleanText } from '../xml/xml-text.ts';
import { ErnBuildError } from './build-input.ts';

/** A Party of the PartyList: its message-local reference and its names. */
export interface PartyEntry {
  reference: string;
  name: string;
  /** Names in other languages, by LanguageAndScriptCode. */
  localized_names: Map<string, string>;
}

/** Labels and people are kept apart even when they share a name: they are different parties. */
export type PartyKind = 'person' | 'label';

/**
 * Every party the message mentions, each once, numbered P1, P2… in the order first met, so the
 * same release always gets the same references. Names match case-insensitively.
 */
export class PartyRegistry {
  readonly #byKey = new Map<string, PartyEntry>();
  readonly #entries: PartyEntry[] = [];

  /** The reference of the party with this name, registering it on first use. */
  reference(name: string, kind: PartyKind = 'person'): string {
    const cleaned = cleanText(name);
    if (cleaned === '') throw new ErnBuildError(`A ${kind === 'label' ? 'label' : 'credited party'} has no name.`);
    const key = `${kind}:${cleaned.toLowerCase()}`;
    const known = this.#byKey.get(key);
    if (known) return known.reference;
    const entry: PartyEntry = { reference: `P${this.#entries.length + 1}`, name: cleaned, localized_names: new Map() };
    this.#byKey.set(key, entry);
    this.#entries.push(entry);
    return entry.reference;
  }

  /** Adds a name in another language to a registered party (the first one given per language wins). */
  addLocalizedName(reference: string, language: string, name: string): void {
    const entry = this.#entries.find((candidate) => candidate.reference === reference);
    const cleaned = cleanText(name);
    if (!entry || cleaned === '' || entry.localized_names.has(language)) return;
    entry.localized_names.set(language, cleaned);
  }

  get entries(): readonly PartyEntry[] {
    return this.#entries;
  }
}
