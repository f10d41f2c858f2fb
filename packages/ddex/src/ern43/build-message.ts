import { XmlWriter } from '../xml/xml-writer.ts';
import type { ErnBuildInput } from '../ern/build-input.ts';
import { writeDealList } from '../ern4/deals.ts';
import { writeMessageHeader } from '../ern/message-header.ts';
import { planMessage } from '../ern/message-plan.ts';
import { releaseProfileVersionId } from '../ern4/profile.ts';
import { writePartyList } from '../ern4/party-list.ts';
import { writeReleaseList } from '../ern4/releases.ts';
import { writeResourceList } from '../ern4/resources.ts';

export const ERN43_NAMESPACE = 'http://ddex.net/xml/ern/43';
const SCHEMA_LOCATION = `${ERN43_NAMESPACE} ${ERN43_NAMESPACE}/release-notification.xsd`;
/** The AvsVersionId the official ERN 4.3 samples declare (they validate against the bundled schema). */
export const AVS_VERSION_ID = '3';

export { releaseProfileVersionId } from '../ern4/profile.ts';

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
