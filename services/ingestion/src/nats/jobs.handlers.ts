import { IngestionJobsQuery, IngestionOperation } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentJob } from '../app/jobs/job.presenter.ts';
import { findJob, listJobs } from '../app/jobs/jobs.queries.ts';
import type { IngestionContext } from '../ingestion-context.ts';

/** Thin adapters: parse, call one query on a forked ORM context, shape the reply. */
export const jobOperations = ({ orm }: IngestionContext): OperationTable => ({
  [IngestionOperation.jobsList]: async (request) => {
    const query = parseOrThrow(IngestionJobsQuery, request.query);
    const page = await listJobs(orm.em.fork(), request.principal.tenant_id, query);
    return ok({ jobs: page.rows.map(presentJob), total: page.total, meta: page.meta });
  },
  [IngestionOperation.jobsGet]: async (request) =>
    ok({ job: presentJob(await findJob(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '')) }),
});
