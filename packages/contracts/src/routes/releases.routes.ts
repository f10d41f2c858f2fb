import { Messages } from '../messages.ts';
import { CreateReleaseBody, RejectReleaseBody, ReleaseOperation, UpdateReleaseBody } from '../releases.ts';
import { defineRoute } from './define-route.ts';
import { ListReleasesQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { ReleaseListReply, ReleaseReply, SubmitReleaseReplySchema } from './responses/releases.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** Releases and their state machine; artwork, tracks and stores have their own files. */
export const RELEASE_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/releases',
    service: 'catalogue',
    operation: ReleaseOperation.list,
    edge: { gate: 'anyone' },
    cached: true,
    summary: 'List releases, ordered by creation date descending; filter by status and type.',
    request: { query: ListReleasesQuery },
    responses: { 200: { description: 'A page of releases (20 by default) with total and meta.', body: ReleaseListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/releases',
    service: 'catalogue',
    operation: ReleaseOperation.create,
    edge: { gate: 'release_author', absentBody: 'empty' },
    summary: 'Create a release in draft (title, type, release_date and genre required).',
    request: { body: CreateReleaseBody },
    responses: { 201: { description: 'The release, with status draft.', body: ReleaseReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid',
    service: 'catalogue',
    operation: ReleaseOperation.get,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    cached: true,
    summary: 'Get a release with its tracks.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The release.', body: ReleaseReply } },
  }),
  ...(['PATCH', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      path: '/releases/:uuid',
      service: 'catalogue',
      operation: ReleaseOperation.update,
      edge: { gate: 'releases.update', absentBody: 'empty', notFound: Messages.releaseNotFound },
      summary: 'Update a release; only supplied fields change.',
      request: { params: UuidParams, body: UpdateReleaseBody },
      responses: { 200: { description: 'The release as updated.', body: ReleaseReply } },
      // 409: another user modified it (stale updated_at), or its status allows no change.
      errors: [409],
    }),
  ),
  defineRoute({
    method: 'DELETE',
    path: '/releases/:uuid',
    service: 'catalogue',
    operation: ReleaseOperation.delete,
    edge: { gate: 'releases.delete', notFound: Messages.releaseNotFound },
    summary: 'Delete a draft or rejected release (soft delete).',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/submit',
    service: 'catalogue',
    operation: ReleaseOperation.submit,
    edge: { gate: 'releases.submit', notFound: Messages.releaseNotFound },
    summary: 'Submit a draft or rejected release for review.',
    request: { params: UuidParams },
    responses: { 200: { description: "The release is pending: `{message, status:'pending'}`.", body: SubmitReleaseReplySchema } },
    // 402: the plan's yearly allowance is used up; 422: no track, no store or no release date.
    errors: [402, 409, 422],
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/approve',
    service: 'catalogue',
    operation: ReleaseOperation.approve,
    edge: { gate: 'releases.approve', notFound: Messages.releaseNotFound },
    summary: 'Approve a pending release: it moves to qc_inspection.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The release, in qc_inspection.', body: ReleaseReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/reject',
    service: 'catalogue',
    operation: ReleaseOperation.reject,
    edge: { gate: 'releases.reject', absentBody: 'empty', notFound: Messages.releaseNotFound },
    summary: 'Reject a pending release or one in QC inspection, with a reason.',
    request: { params: UuidParams, body: RejectReleaseBody },
    responses: { 200: { description: 'The release, rejected, with rejection_reason.', body: ReleaseReply } },
    errors: [409],
  }),
];
