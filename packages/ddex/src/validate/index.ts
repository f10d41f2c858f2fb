// Validation of ERN messages of every supported version: XSD, then message-local references.
export { createErnValidator, type ErnValidationProblem, type ErnValidationResult, type ErnValidator } from './ern-validator.ts';
export { createErn43Validator, type Ern43ValidationResult, type Ern43Validator } from './xsd-validator.ts';
export { checkReferenceIntegrity, findReferenceProblems, type ReferenceProblem } from './reference-integrity.ts';
export { REFERENCE_TABLES, type ReferenceKind, type ReferenceTable } from './reference-tables.ts';
export { ERN_SCHEMA_FILES, type ErnSchemaFiles } from './schema-files.ts';
