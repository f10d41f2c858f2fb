import { bySequenceAttribute, mergeContributors } from '../contributors.ts';
import { ern382FileOf } from '../delivered-file.ts';
import type { ErnElement } from '../ern-element.ts';
import type { IngestedErnTrack } from '../ingested-message.ts';
import { secondsOfIsoDuration } from '../iso-duration.ts';
import { withoutUndefined } from '../optional-fields.ts';
import { codedValue, isTrue } from '../release-types.ts';
import { rightsLineOf } from '../rights-line.ts';
import { titlesOf } from '../titles.ts';
import type { ResourcePosition } from '../track-order.ts';
import { detailBlocks, displayTitleVariants, firstWith } from './details.ts';
import { displayArtists382Of, partyNameOf } from './parties.ts';

const contributorsOf = (blocks: ErnElement[], messageLanguage: string | undefined): IngestedErnTrack['contributors'] => {
  const block = blocks.find((candidate) => candidate.children('ResourceContributor').length + candidate.children('IndirectResourceContributor').length > 0);
  if (block === undefined) return [];
  const entries = (elementName: string, roleName: string) =>
    bySequenceAttribute(block.children(elementName)).map((contributor) => ({
      name: partyNameOf(contributor, messageLanguage),
      roles: contributor.children(roleName).map(codedValue).filter((role) => role !== undefined),
    }));
  return mergeContributors([
    ...entries('ResourceContributor', 'ResourceContributorRole'),
    ...entries('IndirectResourceContributor', 'IndirectResourceContributorRole'),
  ]);
};

/** The first full-length file (previews are skipped) of the preferred block, else of the others. */
const audioFileOf = (blocks: ErnElement[]): IngestedErnTrack['audioFile'] =>
  blocks
    .flatMap((block) => block.children('TechnicalSoundRecordingDetails'))
    .filter((details) => !isTrue(details.textAt('IsPreview')))
    .flatMap((details) => details.children('File'))
    .map(ern382FileOf)
    .find((file) => file !== undefined);

export const ern382TrackOf = (recording: ErnElement, position: ResourcePosition, messageLanguage: string | undefined): IngestedErnTrack => {
  const blocks = detailBlocks(recording, 'SoundRecordingDetailsByTerritory');
  const titles = titlesOf(displayTitleVariants(blocks), messageLanguage, recording.child('ReferenceTitle'));
  const genre = firstWith(blocks, 'Genre')[0];
  return {
    reference: position.reference,
    title: titles.title,
    localizedTitles: titles.localizedTitles,
    displayArtists: displayArtists382Of(blocks.find((block) => block.children('DisplayArtist').length > 0), messageLanguage),
    contributors: contributorsOf(blocks, messageLanguage),
    sequenceNumber: position.sequenceNumber,
    discNumber: position.discNumber,
    explicit: firstWith(blocks, 'ParentalWarningType')[0]?.text === 'Explicit',
    ...withoutUndefined({
      isrc: recording
        .children('SoundRecordingId')
        .map((id) => id.textAt('ISRC'))
        .find((isrc) => isrc !== undefined),
      iswc: recording
        .children('IndirectSoundRecordingId')
        .map((id) => id.textAt('ISWC'))
        .find((iswc) => iswc !== undefined),
      subtitle: titles.subtitle,
      durationSeconds: secondsOfIsoDuration(recording.textAt('Duration')),
      language: recording.textAt('LanguageOfPerformance'),
      genre: genre?.textAt('GenreText'),
      pLine: rightsLineOf(firstWith(blocks, 'PLine')[0], 'PLineText'),
      audioFile: audioFileOf(blocks),
    }),
  };
};
