import type { UsageKind } from './usage-row.ts';

/** Use types counted as streams, and as downloads (DDEX allowed-value set UseType). */
const STREAM_USE_TYPES = new Set(['Stream', 'OnDemandStream', 'NonInteractiveStream', 'TimeInfluencedStream', 'ContentInfluencedStream', 'Webcast', 'Simulcast']);
const DOWNLOAD_USE_TYPES = new Set(['Download', 'PermanentDownload', 'ConditionalDownload', 'TetheredDownload', 'KioskDownload']);

export const usageKindOf = (useType: string): UsageKind => (STREAM_USE_TYPES.has(useType) ? 'stream' : DOWNLOAD_USE_TYPES.has(useType) ? 'download' : 'other');
