import { fullDateOf, hasEndedBy } from '../dates.ts';
import { allDealsTakenDown, dealsOf, earliestDealStart, offeredTerritories, type DealTermsReading } from '../deals.ts';
import { ern4FileOf } from '../delivered-file.ts';
import type { ErnElement } from '../ern-element.ts';
import type { IngestedErnRelease } from '../ingested-message.ts';
import { identificationProblem, mappingError, type MappingOutcome } from '../mapping-outcome.ts';
import { headerOf } from '../message-header.ts';
import { preferredVariant } from '../preferred-variant.ts';
import { codedValue, isTrue, platformTypeOf, releaseTypeOf } from '../release-types.ts';
import { rightsLineOf } from '../rights-line.ts';
import { titlesOf } from '../titles.ts';
import { withoutUndefined } from '../optional-fields.ts';
import { resourcePositions } from '../track-order.ts';
import { partyNames } from './parties.ts';
import { displayArtistsOf, ern4TrackOf, type Ern4Context } from './sound-recording.ts';

/*
 * ERN 4.3 and 4.2 NewReleaseMessages.
 * - Main release: ReleaseList/Release (TrackReleases and ClipReleases are the parts).
 * - Update: ERN 4 has no update signal (UpdateIndicator was dropped; every message is the
 *   whole truth about its release), so a message reads as 'new' unless it is a takedown;
 *   whether the release is already known is for the receiver to tell.
 * - Takedown: ERN 4 has no TakeDown flag either. A deal whose every ValidityPeriod ended by
 *   the MessageCreatedDateTime (an EndDate before its date, or an EndDateTime not after it)
 *   is a takedown, and the message is one when the main release has deals and all are
 *   takedowns. A release sent without deals is not read as a takedown: an initial delivery
 *   may legitimately come without them (its `deals` is empty).
 * - Release date: ReleaseDate, else OriginalReleaseDate, else the earliest deal start.
 */

const dealReading = (createdAt: string | undefined): DealTermsReading => ({
  useTypes: (terms) => terms.children('UseType').map(codedValue).filter((value) => value !== undefined),
  isTakedown: (terms) => {
    const periods = terms.children('ValidityPeriod');
    return (
      periods.length > 0 &&
      periods.every((period) => hasEndedBy({ date: period.textAt('EndDate'), dateTime: period.textAt('EndDateTime') }, createdAt))
    );
  },
});

/** Every resource reference in the release's groups, items and linked resources alike. */
const referencedResources = (group: ErnElement | undefined): Set<string> => {
  const references = new Set<string>();
  const visit = (element: ErnElement): void => {
    for (const name of ['ReleaseResourceReference', 'LinkedReleaseResourceReference']) for (const text of element.texts(name)) references.add(text);
    for (const item of element.children('ResourceGroupContentItem')) visit(item);
    for (const subGroup of element.children('ResourceGroup')) visit(subGroup);
  };
  if (group) visit(group);
  return references;
};

/** The release's FrontCoverImage, else any FrontCoverImage in the message, with its file. */
const frontCoverOf = (resourceList: ErnElement | undefined, referenced: Set<string>): IngestedErnRelease['frontCover'] => {
  const covers = (resourceList?.children('Image') ?? []).filter((image) => codedValue(image.child('Type')) === 'FrontCoverImage');
  const cover = covers.find((image) => referenced.has(image.textAt('ResourceReference') ?? '')) ?? covers[0];
  const reference = cover?.textAt('ResourceReference');
  const file = (cover?.children('TechnicalDetails') ?? [])
    .filter((details) => !isTrue(details.textAt('IsClip')) && !isTrue(details.textAt('IsPreview')))
    .map((details) => ern4FileOf(details.child('File')))
    .find((found) => found !== undefined);
  return reference === undefined || file === undefined ? undefined : { reference, ...file };
};

const trackGenresOf = (releaseList: ErnElement, messageLanguage: string | undefined): Map<string, string> => {
  const genres = new Map<string, string>();
  for (const trackRelease of releaseList.children('TrackRelease')) {
    const resource = trackRelease.textAt('ReleaseResourceReference');
    const genre = preferredVariant(trackRelease.children('Genre'), messageLanguage)?.textAt('GenreText');
    if (resource !== undefined && genre !== undefined && !genres.has(resource)) genres.set(resource, genre);
  }
  return genres;
};

export const mapErn4Message = (root: ErnElement, version: '4.3' | '4.2'): MappingOutcome => {
  const resourceList = root.child('ResourceList');
  const recordings = new Map((resourceList?.children('SoundRecording') ?? []).map((recording) => [recording.textAt('ResourceReference') ?? '', recording]));
  if (recordings.size === 0) return mappingError(resourceList?.path ?? `${root.path}/ResourceList`, 'the message carries no sound recording');
  const releaseList = root.child('ReleaseList');
  const release = releaseList?.child('Release');
  if (releaseList === undefined || release === undefined) {
    return mappingError(releaseList?.path ?? `${root.path}/ReleaseList`, 'the message carries no main release (ReleaseList/Release)');
  }

  const header = headerOf(root);
  const messageLanguage = root.attribute('LanguageAndScriptCode');
  const context: Ern4Context = { version, messageLanguage, parties: partyNames(root, messageLanguage), trackGenres: trackGenresOf(releaseList, messageLanguage) };
  const reference = release.textAt('ReleaseReference') ?? '';
  const group = release.child('ResourceGroup');
  const tracks = resourcePositions(group ? [group] : []).flatMap((position) => {
    const recording = recordings.get(position.reference);
    return recording ? [ern4TrackOf(recording, position, context)] : [];
  });
  if (tracks.length === 0) return mappingError(group?.path ?? release.path, 'the main release carries no sound recording');

  const deals = dealsOf(root, reference, dealReading(header.createdAt));
  const titles = titlesOf(release.children('DisplayTitle'), messageLanguage);
  const releaseType = releaseTypeOf(release.children('ReleaseType'));
  const genre = preferredVariant(release.children('Genre'), messageLanguage);
  const labelReference = preferredVariant(release.children('ReleaseLabelReference'), messageLanguage)?.text;
  const optional = {
    upc: release.textAt('ReleaseId', 'ICPN'),
    grid: release.textAt('ReleaseId', 'GRid'),
    catalogNumber: release.textAt('ReleaseId', 'CatalogNumber'),
    subtitle: titles.subtitle,
    displayArtistName: preferredVariant(release.children('DisplayArtistName'), messageLanguage)?.text || undefined,
    labelName: labelReference === undefined ? undefined : (context.parties.get(labelReference) ?? labelReference),
    pLine: rightsLineOf(preferredVariant(release.children('PLine'), messageLanguage), 'PLineText'),
    cLine: rightsLineOf(preferredVariant(release.children('CLine'), messageLanguage), 'CLineText'),
    genre: genre?.textAt('GenreText'),
    subgenre: genre?.textAt('SubGenre'),
    releaseDate:
      fullDateOf(preferredVariant(release.children('ReleaseDate'), messageLanguage)?.text) ??
      fullDateOf(preferredVariant(release.children('OriginalReleaseDate'), messageLanguage)?.text) ??
      earliestDealStart(deals),
    parentalWarning: codedValue(preferredVariant(release.children('ParentalWarningType'), messageLanguage)),
    frontCover: frontCoverOf(resourceList, referencedResources(group)),
  };
  const mapped: IngestedErnRelease = {
    reference,
    title: titles.title || (release.textAt('DisplayTitleText') ?? ''),
    localizedTitles: titles.localizedTitles,
    releaseType,
    platformType: platformTypeOf(releaseType),
    displayArtists: displayArtistsOf(release, context.parties),
    territories: offeredTerritories(deals),
    deals,
    tracks,
    ...withoutUndefined(optional),
  };
  const problem = identificationProblem(mapped, release.child('ReleaseId')?.path ?? release.path);
  if (problem) return { errors: [problem] };
  return { message: { version, kind: allDealsTakenDown(deals) ? 'takedown' : 'new', ...header, releases: [mapped] } };
};
