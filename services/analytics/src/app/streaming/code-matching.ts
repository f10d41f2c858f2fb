import { RECORDINGS_MATCH_BATCH, upcOfIcpn, type Principal, type RecordingsMatchReply } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';

export interface TrackMatch {
  trackId: string;
  releaseId: string;
  artistId: string | null;
}

export interface ReleaseMatch {
  releaseId: string;
  artistId: string | null;
}

/** What a report's distinct codes matched: tracks by ISRC, releases by UPC (as the report wrote it). */
export interface CodeMatches {
  tracks: Map<string, TrackMatch>;
  releases: Map<string, ReleaseMatch>;
}

/**
 * The forms a reported barcode may have in the catalogue: as written, the EAN-13 of a GTIN-14
 * with a leading zero, the UPC-A of an EAN-13 with a leading zero, and the EAN-13 of a UPC-A
 * (stores quote the ICPN a delivery carried, padded or not).
 */
export const barcodeForms = (code: string): string[] => {
  const forms = [code, upcOfIcpn(code)];
  const ean = upcOfIcpn(code);
  if (/^0\d{12}$/.test(ean)) forms.push(ean.slice(1));
  if (/^\d{12}$/.test(code)) forms.push(`0${code}`);
  return [...new Set(forms)];
};

/**
 * What the catalogue's answer ties the report's codes to: tracks by ISRC, and each barcode the
 * report wrote to the release one of its forms names.
 */
export const codeMatchesOf = (reportedUpcs: readonly string[], found: RecordingsMatchReply): CodeMatches => {
  const tracks = new Map<string, TrackMatch>(
    found.tracks.map((track) => [track.isrc.toUpperCase(), { trackId: track.track_id, releaseId: track.release_id, artistId: track.artist_id }]),
  );
  const releasesByForm = new Map<string, ReleaseMatch>(found.releases.map((release) => [release.upc, { releaseId: release.release_id, artistId: release.artist_id }]));
  const releases = new Map<string, ReleaseMatch>();
  for (const code of reportedUpcs) {
    const match = barcodeForms(code).map((form) => releasesByForm.get(form)).find((candidate) => candidate !== undefined);
    if (match) releases.set(code, match);
  }
  return { tracks, releases };
};

const batchesOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * Ties a report's distinct codes to the tenant's catalogue, asking in rounds of at most
 * RECORDINGS_MATCH_BATCH codes of each kind: ISRCs to tracks, barcodes (in every form) to releases.
 * A line is later tied to its track by ISRC first and, only when that misses, to a release by UPC.
 */
export const matchCodes = async (catalogue: CataloguePort, principal: Principal, isrcs: Iterable<string>, upcs: Iterable<string>): Promise<CodeMatches> => {
  const reportedUpcs = [...new Set(upcs)];
  const isrcBatches = batchesOf([...new Set(isrcs)], RECORDINGS_MATCH_BATCH);
  const upcBatches = batchesOf([...new Set(reportedUpcs.flatMap(barcodeForms))], RECORDINGS_MATCH_BATCH);
  const found: RecordingsMatchReply = { tracks: [], releases: [] };
  for (let round = 0; round < Math.max(isrcBatches.length, upcBatches.length); round += 1) {
    const reply = await catalogue.matchRecordings(principal, { isrcs: isrcBatches[round] ?? [], upcs: upcBatches[round] ?? [] });
    found.tracks.push(...reply.tracks);
    found.releases.push(...reply.releases);
  }
  return codeMatchesOf(reportedUpcs, found);
};
