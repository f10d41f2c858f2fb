import { DdexValidateBody, IngestionOperation } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { validateDdexMessage } from '../app/ddex-validation/ddex-validation.service.ts';

/** Thin adapter: parse, validate the message, answer the report (200 whether valid or not). Nothing is stored. */
export const ddexValidationOperations = (): OperationTable => ({
  [IngestionOperation.ddexValidate]: async (request) => ok(validateDdexMessage(parseOrThrow(DdexValidateBody, request.body ?? {}).ddex_xml)),
});
