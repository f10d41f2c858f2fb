import type { PlannedArtist, PlannedContributor } from '../ern/artists.ts';
import { codedAttributes } from '../ern/coded-values.ts';
import type { MessagePlan } from '../ern/message-plan.ts';
import { compareStrings } from '../ern/ordering.ts';
import type { PartyEntry } from '../ern/parties.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { artistRoles } from './coded-values.ts';

/*
 * ERN 3.8.2 has no PartyList: a party is written out, by name, wherever it is credited. The
 * plan's party references only pick the names.
 */

export type PartyNames = ReadonlyMap<string, PartyEntry>;

export const partyNames = (plan: MessagePlan): PartyNames => new Map(plan.parties.entries.map((entry) => [entry.reference, entry]));

const entryOf = (parties: PartyNames, reference: string): PartyEntry => {
  const entry = parties.get(reference);
  if (!entry) throw new Error(`Party ${reference} is not in the message plan.`);
  return entry;
};

/** Names in other languages, in language order so output never depends on insertion order. */
const localizedNames = (entry: PartyEntry): [string, string][] => [...entry.localized_names].sort(([a], [b]) => compareStrings(a, b));

const writePartyNames = (w: XmlWriter, entry: PartyEntry): void => {
  w.open('PartyName').leaf('FullName', entry.name).close('PartyName');
  for (const [language, name] of localizedNames(entry)) {
    w.open('PartyName', { LanguageAndScriptCode: language }).leaf('FullName', name).close('PartyName');
  }
};

export const writeDisplayArtists = (w: XmlWriter, artists: readonly PlannedArtist[], parties: PartyNames, namespace: string): void => {
  artists.forEach((artist, index) => {
    w.open('DisplayArtist', { SequenceNumber: index + 1 });
    writePartyNames(w, entryOf(parties, artist.party));
    for (const role of artistRoles(artist)) w.leaf('ArtistRole', role.value, codedAttributes(role, namespace));
    w.close('DisplayArtist');
  });
};

/** ResourceContributor or IndirectResourceContributor composites, with the role element each uses. */
export const writeContributors = (
  w: XmlWriter,
  element: 'ResourceContributor' | 'IndirectResourceContributor',
  contributors: readonly PlannedContributor[],
  parties: PartyNames,
  namespace: string,
): void => {
  const roleElement = `${element}Role`;
  contributors.forEach((contributor, index) => {
    w.open(element, { SequenceNumber: index + 1 });
    writePartyNames(w, entryOf(parties, contributor.party));
    for (const role of contributor.roles) w.leaf(roleElement, role.value, codedAttributes(role, namespace));
    w.close(element);
  });
};

/** The label by name, then its names in other languages. */
export const writeLabelNames = (w: XmlWriter, plan: MessagePlan, parties: PartyNames): void => {
  const label = entryOf(parties, plan.label);
  w.leaf('LabelName', label.name);
  for (const [language, name] of localizedNames(label)) w.leaf('LabelName', name, { LanguageAndScriptCode: language });
};
