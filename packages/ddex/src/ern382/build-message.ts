import { ERN_NAMESPACES } from '../ern-version.ts';
import type { ErnBuildInput } from '../ern/build-input.ts';
import { writeMessageHeader } from '../ern/message-header.ts';
import { planMessage } from '../ern/message-plan.ts';
import { XmlWriter } from '../xml/xml-writer.ts';
import { writeDealList } from './deals.ts';
import { partyNames } from './parties.ts';
import { releaseProfileVersionId382 } from './profile.ts';
import { writeReleaseList } from './releases.ts';
import { writeResourceList } from './resources.ts';

export const ERN382_NAMESPACE = ERN_NAMESPACES['3.8.2'];
const SCHEMA_LOCATION = `${ERN382_NAMESPACE} ${ERN382_NAMESPACE}/release-notification.xsd`;
/** The root element's MessageSchemaVersionId, which 3.8.2 requires. */
export const ERN382_MESSAGE_SCHEMA_VERSION_ID = 'ern/382';

/**
 * The ERN 3.8.2 NewReleaseMessage for one release and one store, from the same plan as 4.3
 * (references, track order, deals), so it states the same facts in 3.8.2's shape. An update or
 * takedown is marked UpdateMessage. Pure; throws ErnBuildError on the same inputs as buildErn43.
 */
export const buildErn382 = (input: ErnBuildInput): string => {
  const plan = planMessage(input);
  const parties = partyNames(plan);
  const w = new XmlWriter();
  w.open('ern:NewReleaseMessage', {
    'xmlns:ern': ERN382_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': SCHEMA_LOCATION,
    MessageSchemaVersionId: ERN382_MESSAGE_SCHEMA_VERSION_ID,
    ReleaseProfileVersionId: releaseProfileVersionId382(plan),
    LanguageAndScriptCode: plan.language,
  });
  writeMessageHeader(w, input);
  w.leaf('UpdateIndicator', input.kind === 'new' ? 'OriginalMessage' : 'UpdateMessage');
  writeResourceList(w, plan, parties);
  writeReleaseList(w, plan, parties);
  writeDealList(w, plan);
  w.close('ern:NewReleaseMessage');
  return w.toString();
};
