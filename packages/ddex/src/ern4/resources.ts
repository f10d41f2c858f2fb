import type { XmlWriter } from '../xml/xml-writer.ts';
import type { PlannedArtist, PlannedContributor } from '../ern/artists.ts';
import type { ArtworkFileInfo, AudioFileInfo, ResourceFileInfo } from '../ern/build-input.ts';
import { audioCodecType, codedAttributes, versionType } from '../ern/coded-values.ts';
import { isoDuration } from '../ern/durations.ts';
import { languageTag } from '../ern/language.ts';
import type { MessagePlan, PlannedTrack } from '../ern/message-plan.ts';
import { writePLine } from '../ern/rights-lines.ts';
import { writeTitles } from './display-titles.ts';
import { trackTitles } from '../ern/titles.ts';
import { imageCodecType, kilohertz } from '../ern/technical.ts';

/** ResourceList: one SoundRecording per track, then the front cover Image. */
export const writeResourceList = (w: XmlWriter, plan: MessagePlan): void => {
  w.open('ResourceList');
  for (const planned of plan.tracks) writeSoundRecording(w, plan, planned);
  if (plan.image) writeImage(w, plan, plan.image);
  w.close('ResourceList');
};

/** The ISWC of the musical work the recording performs, when the catalogue knows it (ERN 4.2 and 4.3). */
export const writeWorkId = (w: XmlWriter, iswc: string | null | undefined): void => {
  if (iswc) w.open('WorkId').leaf('ISWC', iswc).close('WorkId');
};

const writeSoundRecording = (w: XmlWriter, plan: MessagePlan, planned: PlannedTrack): void => {
  const { track } = planned;
  const { release, sender } = plan.input;
  w.open('SoundRecording').leaf('ResourceReference', planned.resource).leaf('Type', 'MusicalWorkSoundRecording');

  w.open('SoundRecordingEdition');
  w.open('ResourceId').leaf('ISRC', track.isrc).close('ResourceId');
  writePLine(w, track.copyright_year ?? release.copyright_year, track.copyright_holder?.trim() || plan.copyright_holder);
  if (planned.audio) {
    w.open('TechnicalDetails').leaf('TechnicalResourceDetailsReference', planned.technical);
    writeAudioDeliveryFile(w, planned.audio, sender.party_id);
    w.close('TechnicalDetails');
  }
  w.close('SoundRecordingEdition');
  writeWorkId(w, track.iswc);

  const titles = trackTitles(track);
  writeTitles(w, titles.main, titles.localized);
  const version = versionType(track.version_type);
  if (version) w.leaf('VersionType', version.value, codedAttributes(version, sender.party_id));
  w.leaf('DisplayArtistName', planned.display_artist_name);
  writeDisplayArtists(w, planned.artists, sender.party_id);
  writeContributors(w, planned.contributors, sender.party_id);
  w.leaf('Duration', isoDuration(planned.duration_ms));
  // The release's own date (else the store's) is the recording's first publication the platform knows of (Release Profile 2.1, 5.3.1.4(7)).
  w.optionalLeaf('FirstPublicationDate', release.release_date ?? plan.input.store.release_date);
  w.leaf('ParentalWarningType', track.explicit ? 'Explicit' : 'NotExplicit');
  w.leaf('IsInstrumental', track.instrumental);
  if (!track.instrumental) w.optionalLeaf('LanguageOfPerformance', languageTag(track.language));
  w.close('SoundRecording');
};

export const writeDisplayArtists = (w: XmlWriter, artists: readonly PlannedArtist[], namespace: string): void => {
  artists.forEach((artist, index) => {
    w.open('DisplayArtist', { SequenceNumber: index + 1 });
    w.leaf('ArtistPartyReference', artist.party).leaf('DisplayArtistRole', artist.role);
    if (artist.artistic_role) w.leaf('ArtisticRole', artist.artistic_role.value, codedAttributes(artist.artistic_role, namespace));
    w.close('DisplayArtist');
  });
};

export const writeContributors = (w: XmlWriter, contributors: readonly PlannedContributor[], namespace: string): void => {
  contributors.forEach((contributor, index) => {
    w.open('Contributor', { SequenceNumber: index + 1 }).leaf('ContributorPartyReference', contributor.party);
    for (const role of contributor.roles) w.leaf('Role', role.value, codedAttributes(role, namespace));
    w.close('Contributor');
  });
};

const writeAudioDeliveryFile = (w: XmlWriter, audio: AudioFileInfo, namespace: string): void => {
  const codec = audioCodecType(audio.codec);
  w.open('DeliveryFile').leaf('Type', 'AudioFile');
  w.leaf('AudioCodecType', codec.value, codedAttributes(codec, namespace));
  w.leaf('NumberOfChannels', audio.channels);
  w.leaf('SamplingRate', kilohertz(audio.sample_rate_hz), { UnitOfMeasure: 'kHz' });
  w.optionalLeaf('BitsPerSample', audio.bit_depth);
  writeFile(w, audio);
  w.close('DeliveryFile');
};

export const writeFile = (w: XmlWriter, file: ResourceFileInfo): void => {
  w.open('File').leaf('URI', file.file_name);
  w.open('HashSum').leaf('Algorithm', 'MD5').leaf('HashSumValue', file.md5.toLowerCase()).close('HashSum');
  w.close('File');
};

export const writeImage = (w: XmlWriter, plan: MessagePlan, image: NonNullable<MessagePlan['image']>): void => {
  const { release, sender } = plan.input;
  const file: ArtworkFileInfo = image.file;
  w.open('Image').leaf('ResourceReference', image.resource).leaf('Type', 'FrontCoverImage');
  w.open('ResourceId').leaf('ProprietaryId', `${release.upc}_FrontCoverImage`, { Namespace: sender.party_id }).close('ResourceId');
  w.open('TechnicalDetails').leaf('TechnicalResourceDetailsReference', image.technical);
  w.optionalLeaf('ImageCodecType', imageCodecType(file.file_name));
  w.leaf('ImageHeight', file.height, { UnitOfMeasure: 'Pixel' });
  w.leaf('ImageWidth', file.width, { UnitOfMeasure: 'Pixel' });
  writeFile(w, file);
  w.close('TechnicalDetails');
  w.close('Image');
};
