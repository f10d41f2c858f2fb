/*
 * The DSR profiles this reader knows, and which record types (by family) each is read through.
 * Every other record type of a known profile (musical works, deal terms, other summaries) is
 * counted and left unread. The single-record block variant is told by its footer (SRFO).
 */

export type DsrProfileId = 'BasicAudioProfile' | 'UGCProfile' | 'AudioVisualProfile' | 'FinancialReportingToRecordCompaniesProfileSRB';

export interface DsrProfile {
  id: DsrProfileId;
  /** Summary records the usages point at. */
  summaries: ReadonlySet<string>;
  /** Releases, resources and their parts, which a block's usages refer to. */
  catalogue: ReadonlySet<string>;
  /** Records that are usages: each yields one row. */
  usages: ReadonlySet<string>;
  /** Records that add to the usage row before them (a licensor's share) or to the block's rows. */
  details: ReadonlySet<string>;
  footer: 'FOOT' | 'SRFO';
}

const profile = (id: DsrProfileId, families: { summaries: string[]; catalogue: string[]; usages: string[]; details?: string[] }, footer: 'FOOT' | 'SRFO' = 'FOOT'): DsrProfile => ({
  id,
  summaries: new Set(families.summaries),
  catalogue: new Set(families.catalogue),
  usages: new Set(families.usages),
  details: new Set(families.details ?? []),
  footer,
});

export const DSR_PROFILES: readonly DsrProfile[] = [
  profile('BasicAudioProfile', { summaries: ['SY01', 'SY02', 'SY04', 'SY05'], catalogue: ['RE01', 'RE02', 'AS01', 'AS02'], usages: ['SU01', 'SU02'] }),
  profile('UGCProfile', { summaries: ['SY02', 'SY04', 'SY05', 'SY09'], catalogue: ['AS01', 'AS02'], usages: ['SU03'], details: ['RU01', 'RU02', 'LI01'] }),
  profile('AudioVisualProfile', { summaries: ['SY01', 'SY02', 'SY04', 'SY05', 'SY06'], catalogue: ['RE02', 'RE03', 'AS03', 'CU01'], usages: ['SU01', 'SU02', 'SU03', 'SU04'] }),
  profile('FinancialReportingToRecordCompaniesProfileSRB', { summaries: ['SY10'], catalogue: [], usages: ['SR08'] }, 'SRFO'),
];

/** Profile versions read: the 1.x line every profile above is published in. */
const READ_VERSION = /^1(\.\d+)*$/;

/** The known profile a HEAD names (any case: stores write `UgcProfile` and `UGCProfile`), in a version read; else undefined. */
export const findProfile = (name: string, version: string): DsrProfile | undefined => {
  const found = DSR_PROFILES.find((candidate) => candidate.id.toLowerCase() === name.trim().toLowerCase());
  return found && READ_VERSION.test(version.trim()) ? found : undefined;
};
