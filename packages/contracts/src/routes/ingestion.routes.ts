import { DDEX_VALIDATE_FIELD, DDEX_VALIDATE_TIMEOUT_MS, DdexValidationReply } from '../ddex-validation.ts';
import { defineRoute } from './define-route.ts';
import { IngestionOperation } from './operations/ingestion-operations.ts';
import { BulkIngestionBody, IngestionJobsQuery, IngestionReleaseBody } from './requests/ingestion-bodies.ts';
import { UuidParams } from './requests/path-params.ts';
import { IngestionCreatedReply, IngestionJobListReply, IngestionJobReply, IngestionQueuedReply } from './responses/ingestion.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/**
 * The ingestion channels and their jobs. Owner and team keys get 403 (releases are created from an
 * artist account); bulk, DDEX and CSV need an artist or collaborator key.
 */
export const INGESTION_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'POST',
    path: '/ingestion/json',
    service: 'ingestion',
    operation: IngestionOperation.json,
    edge: { gate: 'anyone', absentBody: 'empty' },
    summary: 'Ingest one release with its tracks as JSON; roster keys must send artist_id.',
    request: { body: IngestionReleaseBody },
    responses: { 201: { description: 'The release created in draft, and its job.', body: IngestionCreatedReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/ingestion/bulk',
    service: 'ingestion',
    operation: IngestionOperation.bulk,
    summary: 'Queue a batch of at most 200 releases for asynchronous ingestion.',
    request: { body: BulkIngestionBody },
    rate: 'ingestion_bulk',
    responses: { 202: { description: 'The batch queued.', body: IngestionQueuedReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/ingestion/ddex',
    service: 'ingestion',
    operation: IngestionOperation.ddex,
    summary: 'Ingest a DDEX ERN NewReleaseMessage (3.8.2, 4.2 or 4.3): raw application/xml body, or multipart field ddex_xml.',
    upload: { field: 'ddex_xml', kind: 'document', rawContentTypes: ['application/xml', 'text/xml'] },
    responses: { 202: { description: 'The job queued, with ingestion_job_id.', body: IngestionQueuedReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/ddex/validate',
    service: 'ingestion',
    operation: IngestionOperation.ddexValidate,
    summary:
      'Validate a DDEX ERN message (3.8.2, 4.2 or 4.3) without ingesting it (raw application/xml body, or multipart field ddex_xml): its type and version, schema errors and release-profile findings (rule, severity, location). Nothing is kept.',
    upload: { field: DDEX_VALIDATE_FIELD, kind: 'document', rawContentTypes: ['application/xml', 'text/xml'], inline: true },
    serviceTimeoutMs: DDEX_VALIDATE_TIMEOUT_MS,
    responses: { 200: { description: 'The validation report, whether the message is valid or not; 422 when it is not an ERN message at all.', body: DdexValidationReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/ingestion/csv',
    service: 'ingestion',
    operation: IngestionOperation.csv,
    summary: 'Ingest releases from a CSV file (multipart field releases_csv); the header must include title and track_title.',
    upload: { field: 'releases_csv', kind: 'document' },
    responses: { 202: { description: 'The job queued, with ingestion_job_id.', body: IngestionQueuedReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/ingestion/jobs',
    service: 'ingestion',
    operation: IngestionOperation.jobsList,
    edge: { gate: 'anyone' },
    summary: 'List ingestion jobs; filter by source, state, from and to.',
    request: { query: IngestionJobsQuery },
    responses: { 200: { description: 'A page of jobs with total and meta.', body: IngestionJobListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'GET',
    path: '/ingestion/jobs/:uuid',
    service: 'ingestion',
    operation: IngestionOperation.jobsGet,
    summary: 'Get an ingestion job: state, files, validation errors, release_id.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The job.', body: IngestionJobReply } },
  }),
];
