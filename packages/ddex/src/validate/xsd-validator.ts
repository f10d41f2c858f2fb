import { readFileSync } from 'node:fs';
import {
  ParseOption,
  XmlBufferInputProvider,
  XmlDocument,
  XmlLibError,
  XsdValidator,
  xmlRegisterInputProvider,
  type ErrorDetail,
} from 'libxml2-wasm';
import { checkReferenceIntegrity } from './reference-integrity.ts';
import { ERN43_AVS_FILE, ERN43_SCHEMA_FILE } from './schema-files.ts';

export interface ErnValidationResult {
  valid: boolean;
  /** XSD problems as `line N: message`, then reference-integrity problems. */
  errors: string[];
}

/** Validates NewReleaseMessages against the compiled schema; dispose it when done. */
export interface Ern43Validator {
  validate(xml: string): ErnValidationResult;
  dispose(): void;
}

/**
 * libxml2 resolves the schema's `xs:import` of the AVS file through registered input
 * providers. One provider, registered once per process, serves exactly that file from memory,
 * so nothing else on disk becomes readable to the parser.
 */
let avsProviderRegistered = false;
const registerAvsProvider = (): void => {
  if (avsProviderRegistered) return;
  avsProviderRegistered = xmlRegisterInputProvider(new XmlBufferInputProvider({ [ERN43_AVS_FILE]: readFileSync(ERN43_AVS_FILE) }));
  if (!avsProviderRegistered) throw new Error('Could not register the ERN 4.3 AVS schema with libxml2.');
};

/** Messages may come from outside (label ingestion): never fetch external DTDs or entities. */
const PARSE_OPTIONS = ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_NONET;

const formatDetail = (detail: ErrorDetail): string => `line ${detail.line}: ${detail.message.trim()}`;

const libxmlErrors = (error: unknown): string[] => {
  if (error instanceof XmlLibError && error.details.length > 0) return error.details.map(formatDetail);
  return [error instanceof Error ? error.message : String(error)];
};

/**
 * Compiles the ERN 4.3 schema once (a few hundred milliseconds) and returns a validator that
 * reuses it: XSD validation by libxml2, then the reference checks libxml2 does not make.
 * Every parsed document is freed before `validate` returns.
 */
export const createErn43Validator = (): Ern43Validator => {
  registerAvsProvider();
  const schemaDocument = XmlDocument.fromBuffer(readFileSync(ERN43_SCHEMA_FILE), { url: ERN43_SCHEMA_FILE });
  let schema: XsdValidator;
  try {
    schema = XsdValidator.fromDoc(schemaDocument);
  } catch (error) {
    schemaDocument.dispose();
    throw error;
  }
  // The compiled schema may point into its source document (libxml2 keeps the documents it
  // imports for the schema's lifetime too), so the document lives until the validator is disposed.
  let disposed = false;

  return {
    validate(xml: string): ErnValidationResult {
      if (disposed) throw new Error('This ERN 4.3 validator has been disposed.');
      let document: XmlDocument;
      try {
        document = XmlDocument.fromString(xml, { option: PARSE_OPTIONS });
      } catch (error) {
        return { valid: false, errors: libxmlErrors(error) };
      }
      const errors: string[] = [];
      try {
        schema.validate(document);
      } catch (error) {
        errors.push(...libxmlErrors(error));
      } finally {
        document.dispose();
      }
      errors.push(...checkReferenceIntegrity(xml));
      return { valid: errors.length === 0, errors };
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      schema.dispose();
      schemaDocument.dispose();
    },
  };
};
