import { DSP_EVENT_STAGES } from '@sv/contracts';

/**
 * The event catalogue and subscription patterns. Pure: no I/O. An event name is dot-separated
 * segments; in a pattern, `*` stands for exactly one segment. Catalogue entries use `*` too,
 * for the DSP slug of release.dsp.<slug>.<stage> and for open families (ingestion.*,
 * royalty.statement.*, finance.statement.*), so a pattern is valid when it can match at least one
 * name the catalogue describes.
 */

const WILDCARD = '*';
const SEGMENT = /^(\*|[a-z0-9_]+)$/;

/** The spec's Events table, with `<slug>` written as `*`. */
export const EVENT_CATALOGUE: readonly string[] = [
  'webhook.test',
  'release.qc_pending',
  'release.approved',
  'release.delivered',
  'release.rejected',
  'release.artwork.uploaded',
  ...DSP_EVENT_STAGES.map((stage) => `release.dsp.*.${stage}`),
  'release.distribution.*',
  'ingestion.*',
  'royalty.statement.*',
  'royalty.withdrawal.*',
  'finance.sales_report.*',
  'finance.statement.*',
  'finance.payee_statement.*',
  'finance.payout.*',
  'video.created',
  'video.submitted',
  'video.approved',
  'video.rejected',
];

/** Wildcard patterns worth offering; each is valid against the catalogue. */
export const WILDCARD_PATTERNS: readonly string[] = [
  'release.*',
  'release.dsp.*.*',
  ...DSP_EVENT_STAGES.map((stage) => `release.dsp.*.${stage}`),
  'release.distribution.*',
  'ingestion.*',
  'royalty.statement.*',
  'royalty.withdrawal.*',
  'finance.sales_report.*',
  'finance.statement.*',
  'finance.payee_statement.*',
  'finance.payout.*',
  'video.*',
];

const segmentsOf = (pattern: string): string[] | undefined => {
  const segments = pattern.split('.');
  return segments.every((segment) => SEGMENT.test(segment)) ? segments : undefined;
};

/** True when `pattern` matches the concrete event name `eventName` (`*` = one segment). */
export const matchesEvent = (pattern: string, eventName: string): boolean => {
  const wanted = pattern.split('.');
  const actual = eventName.split('.');
  return wanted.length === actual.length && wanted.every((segment, i) => segment === WILDCARD || segment === actual[i]);
};

/** Two patterns overlap when some concrete name matches both. */
const overlaps = (a: string[], b: string[]): boolean =>
  a.length === b.length && a.every((segment, i) => segment === WILDCARD || b[i] === WILDCARD || segment === b[i]);

/** The DSP slug a release.dsp.<slug>.<stage> pattern names, when it names one. */
const namedSlug = (segments: string[]): string | undefined =>
  segments.length === 4 && segments[0] === 'release' && segments[1] === 'dsp' && segments[2] !== WILDCARD ? segments[2] : undefined;

/**
 * The patterns (in the order given, without repeats) that are unknown: malformed, unable to
 * match anything in the catalogue, or naming a DSP slug not in `dspSlugs`.
 */
export const unknownPatterns = (patterns: readonly string[], dspSlugs: ReadonlySet<string>): string[] => {
  const catalogue = EVENT_CATALOGUE.map((entry) => entry.split('.'));
  const unknown = patterns.filter((pattern) => {
    const segments = segmentsOf(pattern);
    if (!segments || !catalogue.some((entry) => overlaps(segments, entry))) return true;
    const slug = namedSlug(segments);
    return slug !== undefined && !dspSlugs.has(slug);
  });
  return [...new Set(unknown)];
};
