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
import { checkReleaseProfile } from '../profile-rules/check-profile.ts';
import { parseErnXml } from '../read/safe-parse.ts';
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

/**
 * At most this many problems are kept for one message; the rest are only counted. A hostile
 * message can carry hundreds of thousands of faults, and every one kept costs memory, an element
 * path and a line in the job's report.
 */
export const MAX_REPORTED_PROBLEMS = 1_000;

/** Keeps the first MAX_REPORTED_PROBLEMS problems and counts the others. */
class ProblemList {
  readonly kept: ErnValidationProblem[] = [];
  more = 0;

  get room(): number {
    return MAX_REPORTED_PROBLEMS - this.kept.length;
  }

  /** Adds `count` problems, built (only those kept) by `build(index)`. */
  add(count: number, build: (index: number) => ErnValidationProblem): void {
    const taken = Math.min(count, this.room);
    for (let index = 0; index < taken; index += 1) this.kept.push(build(index));
    this.more += count - taken;
  }

  /** The kept problems, then one that says how many more there were. */
  all(): ErnValidationProblem[] {
    if (this.more === 0) return this.kept;
    return [...this.kept, { path: null, line: null, message: `... and ${this.more} more problem${this.more === 1 ? '' : 's'}` }];
  }
}

/** libxml2's problems; `pathOf` names the element of a libxml2 node path (null when none can be named). */
const addLibxmlProblems = (list: ProblemList, error: unknown, pathOf: (nodePath: string) => string | null): void => {
  if (!(error instanceof XmlLibError) || error.details.length === 0) {
    list.add(1, () => ({ path: null, line: null, message: error instanceof Error ? error.message : String(error) }));
    return;
  }
  const details: ErrorDetail[] = error.details;
  list.add(details.length, (index) => {
    const detail = details[index]!;
    return {
      path: detail.xpath === undefined ? null : pathOf(detail.xpath),
      line: detail.line,
      message: detail.message.trim(),
    };
  });
};

const asErrorText = (problem: ErnValidationProblem): string => (problem.line === null ? problem.message : `line ${problem.line}: ${problem.message}`);

const result = (problems: ErnValidationProblem[]): ErnValidationResult => ({
  valid: problems.length === 0,
  errors: problems.map(asErrorText),
  problems,
});

export interface ErnValidatorOptions {
  /**
   * Also check the DDEX release-profile rules the platform's own messages follow (fatal errors
   * and errors make the message invalid). On by default, for messages the platform sends; off
   * for messages it reads, which follow their sender's profile.
   */
  profileRules?: boolean;
}

/** The profile findings that stop a message: fatal errors and errors (warnings do not). */
const profileProblems = (xml: string, version: ErnVersion): { path: string; message: string }[] => {
  let message;
  try {
    message = parseErnXml(xml);
  } catch {
    return []; // libxml2 has reported why already
  }
  return checkReleaseProfile(message, version)
    .filter((finding) => finding.severity !== 'warning')
    .map((finding) => ({
      path: finding.path,
      message: `Release profile ${finding.profile || '(none)'}, rule ${finding.rule} (${finding.severity}): ${finding.message}`,
    }));
};

/**
 * Compiles the schema of `version` once (a few hundred milliseconds) and returns a validator
 * that reuses it: XSD validation by libxml2, then the reference checks libxml2 does not make,
 * then (unless turned off) the release-profile rules. Every parsed document is freed before
 * `validate` returns.
 */
export const createErnValidator = (version: ErnVersion, options: ErnValidatorOptions = {}): ErnValidator => {
  const profileRules = options.profileRules ?? true;
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
        const unparsed = new ProblemList();
        addLibxmlProblems(unparsed, error, () => null);
        return result(unparsed.all());
      }
      const problems = new ProblemList();
      try {
        schema.validate(document);
      } catch (error) {
        addLibxmlProblems(problems, error, (nodePath) => elements().pathOfNodePath(nodePath));
      } finally {
        document.dispose();
      }
      const references = findReferenceProblems(xml, version);
      problems.add(references.length, (index) => {
        const problem = references[index]!;
        return { path: elements().pathAt(problem.offset), line: problem.line, message: problem.message };
      });
      if (profileRules) {
        const profile = profileProblems(xml, version);
        problems.add(profile.length, (index) => ({ ...profile[index]!, line: null }));
      }
      return result(problems.all());
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      schema.dispose();
      schemaDocument.dispose();
    },
  };
};
