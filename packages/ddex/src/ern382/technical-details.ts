import type { ArtworkFileInfo, AudioFileInfo, ResourceFileInfo } from '../ern/build-input.ts';
import { codedAttributes } from '../ern/coded-values.ts';
import { imageCodecType, kilohertz } from '../ern/technical.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { audioCodec } from './coded-values.ts';

/** TechnicalSoundRecordingDetails: the audio file's coding and the file itself. */
export const writeSoundRecordingTechnicalDetails = (w: XmlWriter, reference: string, audio: AudioFileInfo, namespace: string): void => {
  const codec = audioCodec(audio.codec);
  w.open('TechnicalSoundRecordingDetails').leaf('TechnicalResourceDetailsReference', reference);
  w.leaf('AudioCodecType', codec.value, codedAttributes(codec, namespace));
  w.leaf('NumberOfChannels', audio.channels);
  w.leaf('SamplingRate', kilohertz(audio.sample_rate_hz), { UnitOfMeasure: 'kHz' });
  w.optionalLeaf('BitsPerSample', audio.bit_depth);
  writeFile(w, audio);
  w.close('TechnicalSoundRecordingDetails');
};

export const writeImageTechnicalDetails = (w: XmlWriter, reference: string, file: ArtworkFileInfo): void => {
  w.open('TechnicalImageDetails').leaf('TechnicalResourceDetailsReference', reference);
  w.optionalLeaf('ImageCodecType', imageCodecType(file.file_name));
  w.leaf('ImageHeight', file.height, { UnitOfMeasure: 'Pixel' });
  w.leaf('ImageWidth', file.width, { UnitOfMeasure: 'Pixel' });
  writeFile(w, file);
  w.close('TechnicalImageDetails');
};

/**
 * 3.8.2 names a file by FileName and FilePath (`resources/`) where 4 has one URI; the path keeps
 * its trailing slash, as in DDEX's 3.x samples.
 */
const writeFile = (w: XmlWriter, file: ResourceFileInfo): void => {
  const cut = file.file_name.lastIndexOf('/') + 1;
  w.open('File').leaf('FileName', file.file_name.slice(cut)).optionalLeaf('FilePath', file.file_name.slice(0, cut));
  w.open('HashSum').leaf('HashSum', file.md5.toLowerCase()).leaf('HashSumAlgorithmType', 'MD5').close('HashSum');
  w.close('File');
};
