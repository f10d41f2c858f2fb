/** Operations the ingestion service will answer on its api subject (the route table's names). */
export const IngestionOperation = {
  json: 'ingestion.json',
  bulk: 'ingestion.bulk',
  ddex: 'ingestion.ddex',
  csv: 'ingestion.csv',
  ddexValidate: 'ingestion.ddex_validate',
  jobsList: 'ingestion.jobs_list',
  jobsGet: 'ingestion.jobs_get',
} as const;
