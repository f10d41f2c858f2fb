import type { CatalogueContext } from '../catalogue-context.ts';
import { LocaleParam, LocalizationOperation, ReleaseLocalizationBody, TrackLocalizationBody } from '@sv/contracts';
import { assertCan, noContent, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { z } from 'zod';
import {
  presentReleaseLocalization,
  presentTrackLocalization,
  presentTrackLocalizations,
} from '../app/localizations/localizations.presenter.ts';
import {
  deleteReleaseLocalization,
  listReleaseLocalizations,
  putReleaseLocalization,
} from '../app/localizations/release-localizations.service.ts';
import {
  deleteTrackLocalization,
  getTrackForLocalizations,
  putTrackLocalization,
} from '../app/localizations/track-localizations.service.ts';

const LocalePath = z.object({ locale: LocaleParam });
const localeOf = (params: Record<string, string>): string => parseOrThrow(LocalePath, { locale: params.locale ?? '' }).locale;

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const localizationOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [LocalizationOperation.releaseList]: async (request) => {
    const localizations = await listReleaseLocalizations(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return ok({ localizations: localizations.map(presentReleaseLocalization) });
  },
  [LocalizationOperation.releasePut]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const locale = localeOf(request.params);
    const body = parseOrThrow(ReleaseLocalizationBody, request.body ?? {});
    const localization = await putReleaseLocalization(orm.em.fork(), request.principal, request.params.uuid ?? '', locale, body);
    return ok({ localization: presentReleaseLocalization(localization) });
  },
  [LocalizationOperation.releaseDelete]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const locale = localeOf(request.params);
    await deleteReleaseLocalization(orm.em.fork(), request.principal, request.params.uuid ?? '', locale);
    return noContent();
  },
  [LocalizationOperation.trackList]: async (request) => {
    const track = await getTrackForLocalizations(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return ok({ localizations: presentTrackLocalizations(track) });
  },
  [LocalizationOperation.trackPut]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const locale = localeOf(request.params);
    const body = parseOrThrow(TrackLocalizationBody, request.body ?? {});
    const track = await putTrackLocalization(orm.em.fork(), request.principal, request.params.uuid ?? '', locale, body);
    return ok({ localization: presentTrackLocalization(track, locale) });
  },
  [LocalizationOperation.trackDelete]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const locale = localeOf(request.params);
    await deleteTrackLocalization(orm.em.fork(), request.principal, request.params.uuid ?? '', locale);
    return noContent();
  },
});
