import { fullDateOf, hasEndedBy } from '../dates.ts';
import { allDealsTakenDown, dealsOf, earliestDealStart, offeredTerritories, type DealTermsReading } from '../deals.ts';
import { ern382FileOf } from '../delivered-file.ts';
import type { ErnElement } from '../ern-element.ts';
import type { ErnReadWarning, IngestedErnRelease } from '../ingested-message.ts';
import { identificationProblem, mappingError, type MappingOutcome } from '../mapping-outcome.ts';
import { headerOf } from '../message-header.ts';
import { withoutUndefined } from '../optional-fields.ts';
import { preferredTerritoryBlock } from '../preferred-variant.ts';
import { codedValue, isTrue, platformTypeOf, releaseTypeOf } from '../release-types.ts';
import { rightsLineOf } from '../rights-line.ts';
import { titlesOf } from '../titles.ts';
import { resourcePositions, type ResourcePosition } from '../track-order.ts';
import { detailBlocks, displayTitleVariants, firstWith } from './details.ts';
import { displayArtists382Of } from './parties.ts';
import { ern382TrackOf } from './sound-recording.ts';

/*
 * ERN 3.8.2 NewReleaseMessages.
 * - Main release: the Release marked IsMainRelease="true"; else the first Release that is not
 *   a track-level release (ReleaseType TrackRelease or VideoTrackRelease); else the first.
 * - Update: UpdateIndicator UpdateMessage (OriginalMessage or none: new).
 * - Takedown: a deal with TakeDown or AllDealsCancelled true, or whose every ValidityPeriod
 *   ended by the MessageCreatedDateTime, is a takedown; the message is one when the main
 *   release has deals and all are takedowns (this wins over UpdateIndicator).
 * - Release date: the details' ReleaseDate, else GlobalReleaseDate, else the details'
 *   OriginalReleaseDate, else GlobalOriginalReleaseDate, else the earliest deal start; dates
 *   given as a year or a month only are passed over.
 * - Tracks: the details' ResourceGroup; a release without one lists its resources in
 *   ReleaseResourceReferenceList, read in that order on disc 1. A reference the list repeats
 *   (store-facing processors send such messages) is one resource: read once, at its first place,
 *   with a warning.
 */

const TRACK_LEVEL_TYPES = new Set(['TrackRelease', 'VideoTrackRelease']);

const releaseTypeOf382 = (release: ErnElement): string =>
  releaseTypeOf(release.children('ReleaseType')) || releaseTypeOf(firstWith(detailBlocks(release, 'ReleaseDetailsByTerritory'), 'ReleaseType'));

const mainReleaseOf = (releases: ErnElement[]): ErnElement | undefined =>
  releases.find((release) => release.flag('IsMainRelease')) ??
  releases.find((release) => !TRACK_LEVEL_TYPES.has(releaseTypeOf382(release))) ??
  releases[0];

const dealReading = (createdAt: string | undefined): DealTermsReading => ({
  useTypes: (terms) =>
    terms
      .children('Usage')
      .flatMap((usage) => usage.children('UseType'))
      .map(codedValue)
      .filter((value) => value !== undefined),
  isTakedown: (terms) => {
    if (isTrue(terms.textAt('TakeDown')) || isTrue(terms.textAt('AllDealsCancelled'))) return true;
    const periods = terms.children('ValidityPeriod');
    return (
      periods.length > 0 &&
      periods.every((period) => hasEndedBy({ date: period.textAt('EndDate'), dateTime: period.textAt('EndDateTime') }, createdAt))
    );
  },
});

export const repeatedResourceReference = (reference: string): string =>
  `ReleaseResourceReference "${reference}" repeats a resource the list names already; it was read once, at its first place.`;

/** The release's resources in order, each once, and a warning for every repeat of one. */
const positionsOf = (release: ErnElement, blocks: ErnElement[]): { positions: ResourcePosition[]; warnings: ErnReadWarning[] } => {
  const groups = firstWith(blocks, 'ResourceGroup');
  if (groups.length > 0) return { positions: resourcePositions(groups), warnings: [] };
  const listed = release.child('ReleaseResourceReferenceList')?.children('ReleaseResourceReference') ?? [];
  const seen = new Set<string>();
  const warnings: ErnReadWarning[] = [];
  const unique = listed.filter((reference) => {
    if (seen.has(reference.text)) {
      warnings.push({ path: reference.path, message: repeatedResourceReference(reference.text) });
      return false;
    }
    seen.add(reference.text);
    return true;
  });
  const positions = unique.map((reference, index) => ({ reference: reference.text, path: reference.path, sequenceNumber: index + 1, discNumber: 1 }));
  return { positions, warnings };
};

/** The release's FrontCoverImage, else any FrontCoverImage in the message, with its file. */
const frontCoverOf = (resourceList: ErnElement | undefined, release: ErnElement): IngestedErnRelease['frontCover'] => {
  const referenced = new Set(release.child('ReleaseResourceReferenceList')?.texts('ReleaseResourceReference') ?? []);
  const covers = (resourceList?.children('Image') ?? []).filter((image) => codedValue(image.child('ImageType')) === 'FrontCoverImage');
  const cover = covers.find((image) => referenced.has(image.textAt('ResourceReference') ?? '')) ?? covers[0];
  const reference = cover?.textAt('ResourceReference');
  if (cover === undefined || reference === undefined) return undefined;
  const file = detailBlocks(cover, 'ImageDetailsByTerritory')
    .flatMap((block) => block.children('TechnicalImageDetails'))
    .filter((details) => !isTrue(details.textAt('IsPreview')))
    .flatMap((details) => details.children('File'))
    .map(ern382FileOf)
    .find((found) => found !== undefined);
  return file === undefined ? undefined : { reference, ...file };
};

export const mapErn382Message = (root: ErnElement): MappingOutcome => {
  const resourceList = root.child('ResourceList');
  const recordings = new Map((resourceList?.children('SoundRecording') ?? []).map((recording) => [recording.textAt('ResourceReference') ?? '', recording]));
  if (recordings.size === 0) return mappingError(resourceList?.path ?? `${root.path}/ResourceList`, 'the message carries no sound recording');
  const releaseList = root.child('ReleaseList');
  const release = mainReleaseOf(releaseList?.children('Release') ?? []);
  if (release === undefined) return mappingError(releaseList?.path ?? `${root.path}/ReleaseList`, 'the message carries no release');

  const header = headerOf(root);
  const messageLanguage = root.attribute('LanguageAndScriptCode');
  const blocks = detailBlocks(release, 'ReleaseDetailsByTerritory');
  const { positions, warnings } = positionsOf(release, blocks);
  const tracks = positions.flatMap((position) => {
    const recording = recordings.get(position.reference);
    return recording ? [ern382TrackOf(recording, position, messageLanguage)] : [];
  });
  if (tracks.length === 0) return mappingError(release.path, 'the main release carries no sound recording');

  const reference = release.textAt('ReleaseReference') ?? '';
  const deals = dealsOf(root, reference, dealReading(header.createdAt));
  const releaseIds = release.children('ReleaseId');
  const idOf = (name: string) => releaseIds.map((id) => id.textAt(name)).find((value) => value !== undefined);
  const titles = titlesOf(displayTitleVariants(blocks), messageLanguage, release.child('ReferenceTitle'));
  const releaseType = releaseTypeOf382(release);
  const genre = firstWith(blocks, 'Genre')[0];
  const preferred = preferredTerritoryBlock(blocks);
  const mapped: IngestedErnRelease = {
    reference,
    title: titles.title,
    localizedTitles: titles.localizedTitles,
    releaseType,
    platformType: platformTypeOf(releaseType),
    displayArtists: displayArtists382Of(blocks.find((block) => block.children('DisplayArtist').length > 0), messageLanguage),
    territories: offeredTerritories(deals),
    deals,
    tracks,
    ...withoutUndefined({
      upc: idOf('ICPN'),
      grid: idOf('GRid'),
      catalogNumber: idOf('CatalogNumber'),
      subtitle: titles.subtitle,
      displayArtistName: firstWith(blocks, 'DisplayArtistName')[0]?.text || undefined,
      labelName: firstWith(blocks, 'LabelName')[0]?.text || undefined,
      pLine: rightsLineOf(release.child('PLine') ?? firstWith(blocks, 'PLine')[0], 'PLineText'),
      cLine: rightsLineOf(release.child('CLine') ?? firstWith(blocks, 'CLine')[0], 'CLineText'),
      genre: genre?.textAt('GenreText'),
      subgenre: genre?.textAt('SubGenre'),
      releaseDate:
        fullDateOf(preferred?.textAt('ReleaseDate')) ??
        fullDateOf(release.textAt('GlobalReleaseDate')) ??
        fullDateOf(preferred?.textAt('OriginalReleaseDate')) ??
        fullDateOf(release.textAt('GlobalOriginalReleaseDate')) ??
        earliestDealStart(deals),
      parentalWarning: codedValue(firstWith(blocks, 'ParentalWarningType')[0]),
      frontCover: frontCoverOf(resourceList, release),
      warnings: warnings.length > 0 ? warnings : undefined,
    }),
  };
  const problem = identificationProblem(mapped, releaseIds[0]?.path ?? release.path);
  if (problem) return { errors: [problem] };
  const kind = allDealsTakenDown(deals) ? 'takedown' : root.textAt('UpdateIndicator') === 'UpdateMessage' ? 'update' : 'new';
  return { message: { version: '3.8.2', kind, ...header, releases: [mapped] } };
};
