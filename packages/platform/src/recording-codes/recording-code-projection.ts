import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { RecordingsMatchReply } from '@sv/contracts';
import { matchRecordingCodes, type RecordingCodeMatcher } from './recording-code-match.ts';
import type { RecordingCodeScope, RecordingCodesSource } from './recording-code-source.ts';
import { lockRecordingCodes, removeOutsidePage, replaceReleases } from './recording-code-store.ts';

/** What a rebuild left kept: releases by UPC and tracks by ISRC. */
export interface RebuiltRecordingCodes {
  releases: number;
  tracks: number;
}

/** A service's copy of the catalogue's recording codes, kept in its own schema. */
export interface RecordingCodeProjection {
  readonly schema: string;
  /** Brings one release's codes up to date, in the caller's transaction (a consumer's). */
  refresh(em: EntityManager, tenantId: string, releaseId: string): Promise<void>;
  /** Replaces the kept codes of the scope with the catalogue's, page by page, each page its own transaction. */
  rebuild(scope: RecordingCodeScope): Promise<RebuiltRecordingCodes>;
  /** Matches codes against what is kept, in the shape `recordings.match` answers. */
  match(em: EntityManager, matcher: RecordingCodeMatcher, codes: { isrcs: Iterable<string>; upcs: Iterable<string> }): Promise<RecordingsMatchReply>;
}

export const recordingCodeProjection = (options: { orm: MikroORM; schema: string; source: RecordingCodesSource }): RecordingCodeProjection => {
  const { orm, schema, source } = options;
  return {
    schema,
    async refresh(em, tenantId, releaseId) {
      await lockRecordingCodes(em, schema, { tenantId });
      const { releases } = await source.release(tenantId, releaseId);
      // A release the tenant no longer has at all is kept as nothing, like a deleted one.
      const gone = { tenant_id: tenantId, release_id: releaseId, upc: null, artist_id: null, title: '', live: false, tracks: [] };
      await replaceReleases(em, schema, releases.length > 0 ? releases : [gone]);
    },
    async rebuild(scope) {
      const rebuilt: RebuiltRecordingCodes = { releases: 0, tracks: 0 };
      let after: Awaited<ReturnType<RecordingCodesSource['page']>>['next'] = null;
      do {
        const page = await orm.em.fork().transactional(async (em) => {
          await lockRecordingCodes(em, schema, scope);
          const answered = await source.page(scope, after);
          await removeOutsidePage(em, schema, scope, { after, through: answered.next }, answered.releases);
          await replaceReleases(em, schema, answered.releases);
          return answered;
        });
        for (const release of page.releases) {
          if (release.upc !== null) rebuilt.releases += 1;
          rebuilt.tracks += release.tracks.length;
        }
        after = page.next;
      } while (after);
      return rebuilt;
    },
    match: (em, matcher, codes) => matchRecordingCodes(em, schema, matcher, codes),
  };
};
