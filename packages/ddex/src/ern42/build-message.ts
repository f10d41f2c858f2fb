import { ERN_NAMESPACES } from '../ern-version.ts';
import { XmlWriter } from '../xml/xml-writer.ts';
import type { ErnBuildInput } from '../ern/build-input.ts';
import { releaseProfileVersionId } from '../ern4/profile.ts';
import { writeDealList } from '../ern4/deals.ts';
import { writeMessageHeader } from '../ern/message-header.ts';
import { writePartyList } from '../ern4/party-list.ts';
import { writeReleaseList } from '../ern4/releases.ts';
import { planErn42Message } from './message-plan.ts';
import { writeResourceList } from './resources.ts';

export const ERN42_NAMESPACE = ERN_NAMESPACES['4.2'];
const SCHEMA_LOCATION = `${ERN42_NAMESPACE} ${ERN42_NAMESPACE}/release-notification.xsd`;

/**
 * The ERN 4.2 NewReleaseMessage for one release and one store: the same plan and the same
 * header, parties, releases and deals as 4.3 (their structure did not change between the two
 * versions), 4.2's own resource list, and coded values restated for 4.2's AVS. 4.2's root
 * element has no AvsVersionId. Pure, like buildErn43; throws ErnBuildError on the same inputs.
 */
export const buildErn42 = (input: ErnBuildInput): string => {
  const plan = planErn42Message(input);
  const w = new XmlWriter();
  w.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN42_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': SCHEMA_LOCATION,
    ReleaseProfileVersionId: releaseProfileVersionId(plan),
    LanguageAndScriptCode: plan.language,
  });
  writeMessageHeader(w, input);
  writePartyList(w, plan.parties);
  writeResourceList(w, plan);
  writeReleaseList(w, plan);
  writeDealList(w, plan);
  w.close('ern:NewReleaseMessage');
  return w.toString();
};
