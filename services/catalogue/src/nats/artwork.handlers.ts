import { PresignArtworkBody, ReleaseOperation, type ArtworkPresignReply } from '@sv/contracts';
import { assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { presignReleaseArtwork, uploadReleaseArtwork } from '../app/artwork/release-artwork.service.ts';
import { presentRelease } from '../app/releases/release.presenter.ts';

/** Thin adapters for a release's cover: parse, call one use-case on a forked ORM context, shape the reply. */
export const artworkOperations = (context: CatalogueContext): OperationTable => ({
  [ReleaseOperation.artwork]: async (request) => {
    assertCan(request.principal, 'releases.update');
    const file = request.files.find((candidate) => candidate.field === 'artwork');
    const { release, tracks } = await uploadReleaseArtwork(context, context.orm.em.fork(), request.principal, request.params.uuid ?? '', file);
    return ok({ release: presentRelease(release, tracks) });
  },
  [ReleaseOperation.artworkPresign]: async (request) => {
    assertCan(request.principal, 'releases.update');
    const body = parseOrThrow(PresignArtworkBody, request.body ?? {});
    const presign = await presignReleaseArtwork(context, context.orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    const reply: ArtworkPresignReply = {
      upload_url: presign.uploadUrl,
      method: presign.method,
      headers: presign.headers,
      cover_art_url: presign.coverArtUrl,
      expires_at: presign.expiresAt.toISOString(),
      max_bytes: presign.maxBytes,
    };
    return ok(reply);
  },
});
