import { WORLDWIDE } from '@sv/contracts';
import { isoDuration } from '../ern/durations.ts';
import type { MessagePlan, PlannedTrack } from '../ern/message-plan.ts';
import { writeGenre } from '../ern/genre.ts';
import { writePLine } from '../ern/rights-lines.ts';
import { trackTitles } from '../ern/titles.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { isoLanguageCode, splitContributors } from './coded-values.ts';
import { senderNamespace } from './namespace.ts';
import { writeContributors, writeDisplayArtists, writeLabelNames, type PartyNames } from './parties.ts';
import { writeImageTechnicalDetails, writeSoundRecordingTechnicalDetails } from './technical-details.ts';
import { writeReferenceTitle, writeTitles } from './titles.ts';

/*
 * ResourceList in ERN 3.8.2: one SoundRecording per track, then the front cover Image. What 4
 * says once per resource, 3.8.2 says in details by territory; every resource here has one
 * block of details, for Worldwide, since nothing the platform sends varies by territory.
 */
export const writeResourceList = (w: XmlWriter, plan: MessagePlan, parties: PartyNames): void => {
  w.open('ResourceList');
  for (const planned of plan.tracks) writeSoundRecording(w, plan, planned, parties);
  if (plan.image) writeImage(w, plan, plan.image);
  w.close('ResourceList');
};

const writeSoundRecording = (w: XmlWriter, plan: MessagePlan, planned: PlannedTrack, parties: PartyNames): void => {
  const { track } = planned;
  const { release } = plan.input;
  const namespace = senderNamespace(plan.input.sender);
  const titles = trackTitles(track);
  w.open('SoundRecording').leaf('SoundRecordingType', 'MusicalWorkSoundRecording');
  w.open('SoundRecordingId').leaf('ISRC', track.isrc).close('SoundRecordingId');
  // The musical work's ISWC, when known (Release Profile 1.4, clause 3.3.1(6)).
  if (track.iswc) w.open('IndirectSoundRecordingId').leaf('ISWC', track.iswc).close('IndirectSoundRecordingId');
  w.leaf('ResourceReference', planned.resource);
  writeReferenceTitle(w, titles.main);
  w.leaf('IsInstrumental', track.instrumental);
  if (!track.instrumental) w.optionalLeaf('LanguageOfPerformance', isoLanguageCode(track.language));
  w.leaf('Duration', isoDuration(planned.duration_ms));

  w.open('SoundRecordingDetailsByTerritory').leaf('TerritoryCode', WORLDWIDE);
  writeTitles(w, titles.main, titles.localized);
  writeDisplayArtists(w, planned.artists, parties, namespace);
  const contributors = splitContributors(planned.contributors);
  writeContributors(w, 'ResourceContributor', contributors.recording, parties, namespace);
  writeContributors(w, 'IndirectResourceContributor', contributors.work, parties, namespace);
  // Release Profile 1.4, clause 4.3(18): a resource names its display artist only when it differs from the release's.
  if (planned.display_artist_name !== plan.release_artist.name) w.leaf('DisplayArtistName', planned.display_artist_name);
  writeLabelNames(w, plan, parties);
  // The recording is released with the release, on the release's date (clause 4.3(10)).
  w.optionalLeaf('ResourceReleaseDate', plan.input.store.release_date ?? release.release_date);
  writePLine(w, track.copyright_year ?? release.copyright_year, track.copyright_holder?.trim() || plan.copyright_holder);
  writeGenre(w, plan);
  w.leaf('ParentalWarningType', track.explicit ? 'Explicit' : 'NotExplicit');
  if (planned.audio) writeSoundRecordingTechnicalDetails(w, planned.technical, planned.audio, namespace);
  w.close('SoundRecordingDetailsByTerritory');
  w.close('SoundRecording');
};

const writeImage = (w: XmlWriter, plan: MessagePlan, image: NonNullable<MessagePlan['image']>): void => {
  const { release, sender } = plan.input;
  w.open('Image').leaf('ImageType', 'FrontCoverImage');
  w.open('ImageId').leaf('ProprietaryId', `${release.upc}_FrontCoverImage`, { Namespace: senderNamespace(sender) }).close('ImageId');
  w.leaf('ResourceReference', image.resource);
  w.open('ImageDetailsByTerritory').leaf('TerritoryCode', WORLDWIDE);
  writeImageTechnicalDetails(w, image.technical, image.file);
  w.close('ImageDetailsByTerritory');
  w.close('Image');
};
