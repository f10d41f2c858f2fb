import type { XmlWriter } from '../xml/xml-writer.ts';
import type { AudioFileInfo } from '../ern/build-input.ts';
import { audioCodecType, codedAttributes, restrictCodedValue, versionType } from '../ern/coded-values.ts';
import { isoDuration } from '../ern/durations.ts';
import { languageTag } from '../ern/language.ts';
import type { MessagePlan, PlannedTrack } from '../ern/message-plan.ts';
import { writeContributors, writeDisplayArtists, writeFile, writeImage, writeWorkId } from '../ern4/resources.ts';
import { kilohertz } from '../ern/technical.ts';
import { writePLine } from '../ern/rights-lines.ts';
import { writeTitles } from '../ern4/display-titles.ts';
import { trackTitles } from '../ern/titles.ts';
import { ERN42_AUDIO_CODEC_TYPES } from './allowed-values.ts';

/*
 * ResourceList in ERN 4.2. The Image is written as in 4.3. A SoundRecording differs: 4.2 has no
 * SoundRecordingEdition, so the ISRC is the recording's own ResourceId, its PLine follows the
 * contributors, and TechnicalDetails (without a DeliveryFile wrapper) close the recording.
 */
export const writeResourceList = (w: XmlWriter, plan: MessagePlan): void => {
  w.open('ResourceList');
  for (const planned of plan.tracks) writeSoundRecording(w, plan, planned);
  if (plan.image) writeImage(w, plan, plan.image);
  w.close('ResourceList');
};

const writeSoundRecording = (w: XmlWriter, plan: MessagePlan, planned: PlannedTrack): void => {
  const { track } = planned;
  const { release, sender } = plan.input;
  w.open('SoundRecording').leaf('ResourceReference', planned.resource).leaf('Type', 'MusicalWorkSoundRecording');
  w.open('ResourceId').leaf('ISRC', track.isrc).close('ResourceId');
  writeWorkId(w, track.iswc);
  const titles = trackTitles(track);
  writeTitles(w, titles.main, titles.localized);
  const version = versionType(track.version_type);
  if (version) w.leaf('VersionType', version.value, codedAttributes(version, sender.party_id));
  w.leaf('DisplayArtistName', planned.display_artist_name);
  writeDisplayArtists(w, planned.artists, sender.party_id);
  writeContributors(w, planned.contributors, sender.party_id);
  writePLine(w, track.copyright_year ?? release.copyright_year, track.copyright_holder?.trim() || plan.copyright_holder);
  w.leaf('Duration', isoDuration(planned.duration_ms));
  // The release's own date (else the store's) is the recording's first publication the platform knows of (Release Profile 2.1, 5.3.1.4(7)).
  w.optionalLeaf('FirstPublicationDate', release.release_date ?? plan.input.store.release_date);
  w.leaf('ParentalWarningType', track.explicit ? 'Explicit' : 'NotExplicit');
  w.leaf('IsInstrumental', track.instrumental);
  if (!track.instrumental) w.optionalLeaf('LanguageOfPerformance', languageTag(track.language));
  if (planned.audio) writeTechnicalDetails(w, planned.technical, planned.audio, sender.party_id);
  w.close('SoundRecording');
};

const writeTechnicalDetails = (w: XmlWriter, reference: string, audio: AudioFileInfo, namespace: string): void => {
  const codec = restrictCodedValue(audioCodecType(audio.codec), ERN42_AUDIO_CODEC_TYPES);
  w.open('TechnicalDetails').leaf('TechnicalResourceDetailsReference', reference);
  w.leaf('AudioCodecType', codec.value, codedAttributes(codec, namespace));
  w.leaf('NumberOfChannels', audio.channels);
  w.leaf('SamplingRate', kilohertz(audio.sample_rate_hz), { UnitOfMeasure: 'kHz' });
  w.optionalLeaf('BitsPerSample', audio.bit_depth);
  writeFile(w, audio);
  w.close('TechnicalDetails');
};
