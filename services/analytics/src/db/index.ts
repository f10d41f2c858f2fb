import { ReportLoadJob } from './entities/report-load-job.entity.ts';
import { ReportSnapshot } from './entities/report-snapshot.entity.ts';
import { RoyaltyFact } from './entities/royalty-fact.entity.ts';
import { Migration20261210000100_reporting } from './migrations/Migration20261210000100_reporting.ts';
import { Migration20261210000200_streaming } from './migrations/Migration20261210000200_streaming.ts';
import { Migration20261210000300_reporting_rollups } from './migrations/Migration20261210000300_reporting_rollups.ts';
import { Migration20261210000400_recording_months } from './migrations/Migration20261210000400_recording_months.ts';
import { Migration20261210000500_ranking_edges } from './migrations/Migration20261210000500_ranking_edges.ts';
import { Migration20261210000600_recording_codes } from './migrations/Migration20261210000600_recording_codes.ts';
import { Migration20261210000700_monthly_partitions } from './migrations/Migration20261210000700_monthly_partitions.ts';
import { Migration20261210000800_report_load_jobs } from './migrations/Migration20261210000800_report_load_jobs.ts';
import { Migration20261210000900_load_path_keys } from './migrations/Migration20261210000900_load_path_keys.ts';
import { Migration20261210001000_report_load_job_retention } from './migrations/Migration20261210001000_report_load_job_retention.ts';
import { Migration20261210001100_numbered_fact_rows } from './migrations/Migration20261210001100_numbered_fact_rows.ts';

/** The analytics service's own Postgres schema; no other service reads or writes it. */
export const ANALYTICS_SCHEMA = 'analytics';

export const ANALYTICS_ENTITIES = [ReportSnapshot, RoyaltyFact, ReportLoadJob];

/** In order of application; names are the migration table's keys, never rename one. */
export const ANALYTICS_MIGRATIONS = [
  { name: 'Migration20261210000100_reporting', class: Migration20261210000100_reporting },
  // The streaming family is read and written with SQL only (bulk COPY, rollups): it has no entities.
  { name: 'Migration20261210000200_streaming', class: Migration20261210000200_streaming },
  // Reporting rollups kept by triggers on both sources, so a year's read sums months, not figures.
  { name: 'Migration20261210000300_reporting_rollups', class: Migration20261210000300_reporting_rollups },
  { name: 'Migration20261210000400_recording_months', class: Migration20261210000400_recording_months },
  { name: 'Migration20261210000500_ranking_edges', class: Migration20261210000500_ranking_edges },
  // The catalogue's recording codes, followed from its events, for matching report lines by join.
  { name: 'Migration20261210000600_recording_codes', class: Migration20261210000600_recording_codes },
  // Report loads as jobs of the work queue, with their progress.
  // The day-level fact tables partitioned by month, so replacing or dropping a month touches one partition.
  { name: 'Migration20261210000700_monthly_partitions', class: Migration20261210000700_monthly_partitions },
  { name: 'Migration20261210000800_report_load_jobs', class: Migration20261210000800_report_load_jobs },
  // The load path's per-row foreign key dropped and two overlapping rollup indexes made one.
  { name: 'Migration20261210000900_load_path_keys', class: Migration20261210000900_load_path_keys },
  // The retention prune's index: finished jobs by when they ended.
  { name: 'Migration20261210001000_report_load_job_retention', class: Migration20261210001000_report_load_job_retention },
  // Fact rows name their load and match by number rather than by four uuids (half of a load's COPY).
  { name: 'Migration20261210001100_numbered_fact_rows', class: Migration20261210001100_numbered_fact_rows },
];
