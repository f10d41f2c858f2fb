import { IngestionReleaseBody } from '@sv/contracts';
import { parseFields, unsafeTextErrors } from '@sv/platform';
import type { JobPlan } from '../jobs/job-plan.ts';
import { underItem } from '../jobs/item-paths.ts';
import type { BulkJobInput } from './bulk-ingestion.ts';

/**
 * Each release of a bulk batch validated on its own: the good ones are imported, the bad ones
 * reported. Text no service can store (NUL, lone surrogates) is refused first, at its field, as
 * the schema would let it through to the catalogue.
 */
export const planBulk = (input: BulkJobInput, jobId: string): JobPlan => {
  const plan: JobPlan = { items: [], errors: {}, failed: 0, total: input.releases.length };
  input.releases.forEach((entry, index) => {
    const path = `releases[${index}]`;
    const unstorable = unsafeTextErrors(entry);
    const parsed = unstorable ? ({ ok: false, fields: unstorable } as const) : parseFields(IngestionReleaseBody, entry);
    if (parsed.ok) {
      plan.items.push({ path, body: { release: parsed.data, import_key: `${jobId}:${index}` } });
      return;
    }
    plan.failed += 1;
    Object.assign(plan.errors, underItem(path, parsed.fields));
  });
  return plan;
};
