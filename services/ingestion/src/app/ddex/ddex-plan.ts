import { IngestionReleaseBody } from '@sv/contracts';
import type { ErnReadError, IngestedErnRelease } from '@sv/ddex';
import { parseFields } from '@sv/platform';
import { UnreadableSubmissionError, type JobPlan } from '../jobs/job-plan.ts';
import { mediaOfErnRelease } from '../media/planned-media.ts';
import { ddexReleaseBody } from './ddex-release-body.ts';
import { territoriesOfDeals } from './ddex-territories.ts';
import { DdexReadTimeoutError, readErnWithLimit } from './read-with-limit.ts';

/** Where a message's main release is, for errors about what it maps to. */
const RELEASE_PATH = '/NewReleaseMessage/ReleaseList/Release';

export const DDEX_INVALID = 'The DDEX message does not validate against its schema; see validation_errors.';

const byPath = (errors: ErnReadError[]): Record<string, string[]> => {
  const grouped: Record<string, string[]> = {};
  for (const error of errors) (grouped[error.path ?? '/'] ??= []).push(error.line ? `line ${error.line}: ${error.message}` : error.message);
  return grouped;
};

/** A takedown or purge message: each release it names by UPC is taken down. */
const planTakedowns = (releases: IngestedErnRelease[]): JobPlan => {
  const plan: JobPlan = { items: [], takedowns: [], errors: {}, failed: 0, total: releases.length };
  releases.forEach((release, index) => {
    const path = releases.length > 1 ? `${RELEASE_PATH}[${index + 1}]` : RELEASE_PATH;
    if (release.upc) {
      plan.takedowns!.push({ path, upc: release.upc });
      return;
    }
    plan.failed += 1;
    plan.errors[path] = ['A takedown must name the release by its ICPN (UPC or EAN).'];
  });
  return plan;
};

export interface DdexPlanLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * A DDEX message read (parsed safely, validated against its version's schema and reference
 * rules, mapped) off the event loop, and its main release planned as one item. A message that
 * cannot be read, or holds text no service can store, fails the job with the problems at their
 * element paths.
 */
export const planDdex = async (xml: string, jobId: string, limits: DdexPlanLimits): Promise<JobPlan> => {
  let outcome;
  try {
    outcome = await readErnWithLimit(xml, limits.maxBytes, limits.timeoutMs);
  } catch (error) {
    if (error instanceof DdexReadTimeoutError) throw new UnreadableSubmissionError('The DDEX message could not be read in time.', { '/': [error.message] });
    throw error;
  }
  if ('unstorable' in outcome) throw new UnreadableSubmissionError(outcome.unstorable.message, outcome.unstorable.errors);
  const { read } = outcome;
  if (!read.ok) throw new UnreadableSubmissionError(DDEX_INVALID, byPath(read.errors));
  const { message } = read;
  if (message.kind === 'takedown') return planTakedowns(message.releases);
  const plan: JobPlan = { items: [], errors: {}, failed: 0, total: message.releases.length };
  message.releases.forEach((release, index) => {
    const path = message.releases.length > 1 ? `${RELEASE_PATH}[${index + 1}]` : RELEASE_PATH;
    const { release: body, artistName, warnings: bodyWarnings } = ddexReleaseBody(release);
    const parsed = parseFields(IngestionReleaseBody, body);
    if (!parsed.ok) {
      plan.failed += 1;
      for (const [field, messages] of Object.entries(parsed.fields)) plan.errors[`${path} (${field})`] = messages;
      return;
    }
    const territories = territoriesOfDeals(release);
    const media = mediaOfErnRelease(release);
    const warnings = [...(release.warnings ?? []).map((warning) => `${warning.path}: ${warning.message}`), ...bodyWarnings];
    plan.items.push({
      path,
      // A message is the whole truth about its release: one the tenant already has is updated (ERN 4 has no update flag; 3.8.2's UpdateMessage reads the same).
      body: { release: parsed.data, import_key: `${jobId}:${index}`, existing_upc: 'update', ...(artistName ? { artist_name: artistName } : {}) },
      ...(territories ? { territories } : {}),
      ...(media ? { media } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    });
  });
  return plan;
};
