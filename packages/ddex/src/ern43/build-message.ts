import { XmlWriter } from '../xml/xml-writer.ts';
import type { ErnBuildInput } from './build-input.ts';
import { writeDealList } from './deals.ts';
import { writeMessageHeader } from './message-header.ts';
import { planMessage } from './message-plan.ts';
import { releaseProfileVersionId } from './profile.ts';
import { writePartyList } from './parties.ts';
import { writeReleaseList } from './releases.ts';
import { writeResourceList } from './resources.ts';

export const ERN43_NAMESPACE = 'http://ddex.net/xml/ern/43';
const SCHEMA_LOCATION = `${ERN43_NAMESPACE} ${ERN43_NAMESPACE}/release-notification.xsd`;
/** The AvsVersionId the official ERN 4.3 samples declare (they validate against the bundled schema). */
export const AVS_VERSION_ID = '3';

export { releaseProfileVersionId } from './profile.ts';

/**
 * The ERN 4.3 NewReleaseMessage for one release and one store. Pure: the message id and
 * creation time come from the input, so the same input always gives the same bytes.
 * Throws ErnBuildError when the input cannot make a sound message.
 */
export const buildErn43 = (input: ErnBuildInput): string => {
  const plan = planMessage(input);
  const w = new XmlWriter();
  w.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN43_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': SCHEMA_LOCATION,
    ReleaseProfileVersionId: releaseProfileVersionId(plan),
    LanguageAndScriptCode: plan.language,
    AvsVersionId: AVS_VERSION_ID,
  });
  writeMessageHeader(w, input);
  writePartyList(w, plan.parties);
  writeResourceList(w, plan);
  writeReleaseList(w, plan);
  writeDealList(w, plan);
  w.close('ern:NewReleaseMessage');
  return w.toString();
};
