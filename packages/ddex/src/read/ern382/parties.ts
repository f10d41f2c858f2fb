import { bySequenceAttribute } from '../contributors.ts';
import type { ErnElement } from '../ern-element.ts';
import type { IngestedErnArtist } from '../ingested-message.ts';
import { preferredVariant } from '../preferred-variant.ts';
import { codedValue } from '../release-types.ts';

/** ERN 3.8.2 writes parties out where they are used: a PartyName (FullName), or only PartyIds. */
export const partyNameOf = (party: ErnElement, messageLanguage: string | undefined): string =>
  preferredVariant(party.children('PartyName'), messageLanguage)?.textAt('FullName') ??
  party.textAt('PartyId') ??
  party.textAt('PartyId', 'ProprietaryId') ??
  '';

/** DisplayArtists in SequenceNumber order, each with its first ArtistRole. */
export const displayArtists382Of = (owner: ErnElement | undefined, messageLanguage: string | undefined): IngestedErnArtist[] =>
  bySequenceAttribute(owner?.children('DisplayArtist') ?? []).map((artist) => ({
    name: partyNameOf(artist, messageLanguage),
    role: codedValue(artist.child('ArtistRole')) ?? '',
  }));
