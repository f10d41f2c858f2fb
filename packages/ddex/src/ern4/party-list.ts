import type { XmlWriter } from '../xml/xml-writer.ts';
import { compareStrings } from '../ern/ordering.ts';
import type { PartyRegistry } from '../ern/parties.ts';

/** PartyList in the ERN 4 shape: one Party per registered party, its localized names after its own. */
export const writePartyList = (w: XmlWriter, parties: PartyRegistry): void => {
  w.open('PartyList');
  for (const party of parties.entries) {
    w.open('Party').leaf('PartyReference', party.reference);
    w.open('PartyName').leaf('FullName', party.name).close('PartyName');
    for (const [language, name] of [...party.localized_names].sort(([a], [b]) => compareStrings(a, b))) {
      w.open('PartyName', { LanguageAndScriptCode: language }).leaf('FullName', name).close('PartyName');
    }
    w.close('Party');
  }
  w.close('PartyList');
};
