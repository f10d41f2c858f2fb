import type { CatalogueContext } from '../catalogue-context.ts';
import {
  CreateReleaseBody,
  ListReleasesQuery,
  Messages,
  RejectReleaseBody,
  ReleaseByUpcBody,
  ReleaseImportBody,
  ReleaseOperation,
  type ReleaseImportReply,
  UpdateReleaseBody,
  type ParsedServiceRequest,
  type ReleaseSnapshotReply,
  type SubmitReleaseReply,
} from '@sv/contracts';
import {
  ForbiddenError,
  assertCan,
  assertCanCreateRelease,
  created,
  noContent,
  ok,
  parseOrThrow,
  type OperationTable,
} from '@sv/platform';
import { findVisibleRelease, findVisibleReleaseByUpc } from '../app/releases/release-access.ts';
import { getRelease, listReleases, withTracks, type ReleaseWithTracks } from '../app/releases/release-queries.ts';
import { presentRelease, presentReleaseRef } from '../app/releases/release.presenter.ts';
import { importRelease } from '../app/releases/release-import.ts';
import { releaseSnapshot } from '../app/releases/release-snapshot.ts';
import { submitRelease } from '../app/releases/release-submit.ts';
import { transitionRelease } from '../app/releases/release-transitions.ts';
import { createRelease, deleteRelease, updateRelease } from '../app/releases/releases.service.ts';

const present = ({ release, tracks }: ReleaseWithTracks) => ({ release: presentRelease(release, tracks) });

/** The delivery service's commands: only the platform itself (a system actor) may send them. */
const assertSystem = (request: ParsedServiceRequest): void => {
  if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'release.system_only');
};

const releaseId = (request: ParsedServiceRequest): string => request.params.uuid ?? '';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const releaseOperations = (context: CatalogueContext): OperationTable => {
  const { orm } = context;
  return {
    [ReleaseOperation.list]: async (request) => {
      const query = parseOrThrow(ListReleasesQuery, request.query);
      const page = await listReleases(orm.em.fork(), request.principal, query);
      return ok({ releases: page.releases.map((item) => present(item).release), total: page.total, meta: page.meta });
    },
    [ReleaseOperation.create]: async (request) => {
      const authorship = assertCanCreateRelease(request.principal);
      const body = parseOrThrow(CreateReleaseBody, request.body ?? {});
      const em = orm.em.fork();
      const release = await createRelease(context, em, request.principal.tenant_id, authorship, body);
      return created(present({ release, tracks: [] }));
    },
    // The ingestion service's: a release and its tracks, all or nothing.
    [ReleaseOperation.import]: async (request) => {
      const body = parseOrThrow(ReleaseImportBody, request.body ?? {});
      const { release, tracks, updated } = await importRelease(context, orm.em.fork(), request.principal, body, {
        isrcRegistrant: context.config.isrcRegistrant,
      });
      return created({
        release: {
          uuid: release.id,
          title: release.title,
          upc: release.upc,
          tracks: tracks.map((track) => ({ uuid: track.id, isrc: track.isrc, position: track.position, disc_number: track.discNumber })),
        },
        updated: updated === true,
      } satisfies ReleaseImportReply);
    },
    // The ingestion service's: the release a takedown message names by UPC.
    [ReleaseOperation.findByUpc]: async (request) => {
      const { upc } = parseOrThrow(ReleaseByUpcBody, request.body ?? {});
      return ok(presentReleaseRef(await findVisibleReleaseByUpc(orm.em.fork(), request.principal, upc)));
    },
    [ReleaseOperation.get]: async (request) => ok(present(await getRelease(orm.em.fork(), request.principal, releaseId(request)))),
    [ReleaseOperation.update]: async (request) => {
      assertCan(request.principal, 'releases.update');
      const body = parseOrThrow(UpdateReleaseBody, request.body ?? {});
      const em = orm.em.fork();
      const release = await updateRelease(context, em, request.principal, releaseId(request), body);
      return ok(present(await withTracks(em, release)));
    },
    [ReleaseOperation.delete]: async (request) => {
      assertCan(request.principal, 'releases.delete');
      await deleteRelease(orm.em.fork(), request.principal, releaseId(request));
      return noContent();
    },
    [ReleaseOperation.submit]: async (request) => {
      assertCan(request.principal, 'releases.submit');
      await submitRelease(context, orm.em.fork(), request.principal, releaseId(request));
      return ok({ message: Messages.releaseSubmitted, status: 'pending' } satisfies SubmitReleaseReply);
    },
    [ReleaseOperation.approve]: async (request) => {
      assertCan(request.principal, 'releases.approve');
      const em = orm.em.fork();
      return ok(present(await withTracks(em, await transitionRelease(em, request.principal, releaseId(request), 'approve', {}, context.clock))));
    },
    [ReleaseOperation.reject]: async (request) => {
      assertCan(request.principal, 'releases.reject');
      const body = parseOrThrow(RejectReleaseBody, request.body ?? {});
      const em = orm.em.fork();
      const release = await transitionRelease(em, request.principal, releaseId(request), 'reject', body, context.clock);
      return ok(present(await withTracks(em, release)));
    },

    // Internal: other services ask before acting on a release id.
    [ReleaseOperation.lookup]: async (request) =>
      ok(presentReleaseRef(await findVisibleRelease(orm.em.fork(), request.principal, releaseId(request)))),

    [ReleaseOperation.snapshot]: async (request) =>
      ok({ release: await releaseSnapshot(orm.em.fork(), request.principal, releaseId(request)) } satisfies ReleaseSnapshotReply),

    // Internal commands of the delivery service (no public route).
    [ReleaseOperation.qcPass]: async (request) => {
      assertSystem(request);
      return ok(presentReleaseRef(await transitionRelease(orm.em.fork(), request.principal, releaseId(request), 'qc_pass', {}, context.clock)));
    },
    [ReleaseOperation.qcFail]: async (request) => {
      assertSystem(request);
      const body = parseOrThrow(RejectReleaseBody, request.body ?? {});
      return ok(presentReleaseRef(await transitionRelease(orm.em.fork(), request.principal, releaseId(request), 'qc_fail', body, context.clock)));
    },
    [ReleaseOperation.markLive]: async (request) => {
      assertSystem(request);
      return ok(presentReleaseRef(await transitionRelease(orm.em.fork(), request.principal, releaseId(request), 'mark_live', {}, context.clock)));
    },
    [ReleaseOperation.markTakenDown]: async (request) => {
      assertSystem(request);
      return ok(presentReleaseRef(await transitionRelease(orm.em.fork(), request.principal, releaseId(request), 'mark_taken_down', {}, context.clock)));
    },
  };
};
