import { LocalizationOperation, ReleaseLocalizationBody, TrackLocalizationBody } from '../localizations.ts';
import { defineRoute } from './define-route.ts';
import { LocaleParams, UuidParams } from './requests/path-params.ts';
import {
  ReleaseLocalizationListReply,
  ReleaseLocalizationReply,
  TrackLocalizationListReply,
  TrackLocalizationReply,
} from './responses/localizations.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/*
 * Localized metadata, one record per BCP-47 locale. A malformed locale is 422 on `locale`; a
 * release's localizations change while it is draft, pending or rejected, a track's while draft (409).
 */
export const LOCALIZATION_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/localizations',
    service: 'catalogue',
    operation: LocalizationOperation.releaseList,
    summary: "List the release's localizations, by locale.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The localizations.', body: ReleaseLocalizationListReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/releases/:uuid/localizations/:locale',
    service: 'catalogue',
    operation: LocalizationOperation.releasePut,
    summary: "Set the release's whole localization for one locale (what is omitted is cleared).",
    request: { params: LocaleParams, body: ReleaseLocalizationBody },
    responses: { 200: { description: 'The localization as stored.', body: ReleaseLocalizationReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/releases/:uuid/localizations/:locale',
    service: 'catalogue',
    operation: LocalizationOperation.releaseDelete,
    summary: "Delete the release's localization for one locale (also when it had none).",
    request: { params: LocaleParams },
    responses: { 204: { description: 'Deleted, or there was none.' } },
    errors: [409, 422],
  }),
  defineRoute({
    method: 'GET',
    path: '/tracks/:uuid/localizations',
    service: 'catalogue',
    operation: LocalizationOperation.trackList,
    summary: "List the track's localizations (titles, title versions, lyrics), by locale.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The localizations.', body: TrackLocalizationListReply } },
  }),
  defineRoute({
    method: 'PUT',
    path: '/tracks/:uuid/localizations/:locale',
    service: 'catalogue',
    operation: LocalizationOperation.trackPut,
    summary: "Set the track's whole localization for one locale (what is omitted is cleared).",
    request: { params: LocaleParams, body: TrackLocalizationBody },
    responses: { 200: { description: 'The localization as stored.', body: TrackLocalizationReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/tracks/:uuid/localizations/:locale',
    service: 'catalogue',
    operation: LocalizationOperation.trackDelete,
    summary: "Delete the track's localization for one locale (also when it had none).",
    request: { params: LocaleParams },
    responses: { 204: { description: 'Deleted, or there was none.' } },
    errors: [409, 422],
  }),
];
