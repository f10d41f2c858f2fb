import type { ErnElement } from '../ern-element.ts';
import { preferredVariant } from '../preferred-variant.ts';

/** The names of the PartyList's parties by PartyReference (the party's id when it has no name). */
export const partyNames = (message: ErnElement, messageLanguage: string | undefined): Map<string, string> => {
  const names = new Map<string, string>();
  for (const party of message.child('PartyList')?.children('Party') ?? []) {
    const reference = party.textAt('PartyReference');
    if (reference === undefined) continue;
    const name =
      preferredVariant(party.children('PartyName'), messageLanguage)?.textAt('FullName') ??
      party.textAt('PartyId', 'DPID') ??
      party.textAt('PartyId', 'ISNI') ??
      party.textAt('PartyId', 'ProprietaryId');
    if (name !== undefined) names.set(reference, name);
  }
  return names;
};
