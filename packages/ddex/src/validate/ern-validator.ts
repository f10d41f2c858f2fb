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
import type { ErnVersion } from '../ern-version.ts';
import { indexElements, type ElementIndex } from './element-paths.ts';
import { findReferenceProblems } from './reference-integrity.ts';
import { ERN_SCHEMA_FILES } from './schema-files.ts';

/** One problem found in a message: the element it concerns (see element-paths.ts), its line, what is wrong. */
export interface ErnValidationProblem {
  /** Such as `/NewReleaseMessage/ResourceList/SoundRecording[2]/ISRC`; null when no element can be named (XML that does not parse). */
  path: string | null;
  line: number | null;
  message: string;
}

export interface ErnValidationResult {
  valid: boolean;
  /** XSD problems as `line N: message`, then reference-integrity problems. */
  errors: string[];
  /** The same problems, in the same order, with the element path of each. */
  problems: ErnValidationProblem[];
}

/** Validates messages of one ERN version against its compiled schema; dispose it when done. */
export interface ErnValidator {
  readonly version: ErnVersion;
  validate(xml: string): ErnValidationResult;
  dispose(): void;
}

/**
 * libxml2 resolves each schema's `xs:import` through registered input providers. One
 * provider, registered once per process, serves exactly the imported files of the versions
 * compiled so far from memory, so nothing else on disk becomes readable to the parser.
 */
let importedSchemas: XmlBufferInputProvider | undefined;
const servedVersions = new Set<ErnVersion>();
const serveImportedSchemas = (version: ErnVersion): void => {
  if (servedVersions.has(version)) return;
  if (importedSchemas === undefined) {
    const provider = new XmlBufferInputProvider({});
    if (!xmlRegisterInputProvider(provider)) throw new Error('Could not register the ERN schemas with libxml2.');
    importedSchemas = provider;
  }
  for (const file of ERN_SCHEMA_FILES[version].imported) importedSchemas.addBuffer(file, readFileSync(file));
  servedVersions.add(version);
};

/** Messages may come from outside (label ingestion): never fetch external DTDs or entities. */
const PARSE_OPTIONS = ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_NONET;

/** Element paths are worked out only for a message that has problems, and then once. */
const lazyIndex = (xml: string): (() => ElementIndex) => {
  let index: ElementIndex | undefined;
  return () => (index ??= indexElements(xml));
};

const libxmlProblems = (error: unknown, elements: () => ElementIndex): ErnValidationProblem[] => {
  if (!(error instanceof XmlLibError) || error.details.length === 0) {
    return [{ path: null, line: null, message: error instanceof Error ? error.message : String(error) }];
  }
  return error.details.map((detail: ErrorDetail) => ({
    path: detail.xpath === undefined ? null : elements().pathOfNodePath(detail.xpath),
    line: detail.line,
    message: detail.message.trim(),
  }));
};

const asErrorText = (problem: ErnValidationProblem): string => (problem.line === null ? problem.message : `line ${problem.line}: ${problem.message}`);

const result = (problems: ErnValidationProblem[]): ErnValidationResult => ({
  valid: problems.length === 0,
  errors: problems.map(asErrorText),
  problems,
});

/**
 * Compiles the schema of `version` once (a few hundred milliseconds) and returns a validator
 * that reuses it: XSD validation by libxml2, then the reference checks libxml2 does not make.
 * Every parsed document is freed before `validate` returns.
 */
export const createErnValidator = (version: ErnVersion): ErnValidator => {
  serveImportedSchemas(version);
  const { main } = ERN_SCHEMA_FILES[version];
  const schemaDocument = XmlDocument.fromBuffer(readFileSync(main), { url: main });
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
    version,
    validate(xml: string): ErnValidationResult {
      if (disposed) throw new Error(`This ERN ${version} validator has been disposed.`);
      const elements = lazyIndex(xml);
      let document: XmlDocument;
      try {
        document = XmlDocument.fromString(xml, { option: PARSE_OPTIONS });
      } catch (error) {
        // Not well-formed: no element can be named reliably, and no reference check either.
        return result(libxmlProblems(error, elements).map((problem) => ({ ...problem, path: null })));
      }
      const problems: ErnValidationProblem[] = [];
      try {
        schema.validate(document);
      } catch (error) {
        problems.push(...libxmlProblems(error, elements));
      } finally {
        document.dispose();
      }
      for (const problem of findReferenceProblems(xml, version)) {
        problems.push({ path: elements().pathAt(problem.offset), line: problem.line, message: problem.message });
      }
      return result(problems);
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      schema.dispose();
      schemaDocument.dispose();
    },
  };
};
