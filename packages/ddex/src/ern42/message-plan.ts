import type { PlannedArtist, PlannedContributor } from '../ern/artists.ts';
import type { ErnBuildInput } from '../ern/build-input.ts';
import { restrictCodedValue } from '../ern/coded-values.ts';
import type { PlannedDeal } from '../ern/deal-terms.ts';
import { planMessage, type MessagePlan } from '../ern/message-plan.ts';
import { DISPLAY_ARTIST_ROLES_NOT_IN_ERN42, ERN42_CONTRIBUTOR_ROLES, ERN42_USE_TYPES } from './allowed-values.ts';

/*
 * The 4.3 plan (references, ordering, deals) with every coded value restated for 4.2's AVS, so
 * the 4.3 writers whose structure 4.2 shares print 4.2-valid values.
 */

const displayArtist = (artist: PlannedArtist): PlannedArtist =>
  (DISPLAY_ARTIST_ROLES_NOT_IN_ERN42 as readonly string[]).includes(artist.role)
    ? { party: artist.party, role: 'Artist', artistic_role: { value: artist.role, user_defined: null } }
    : { ...artist, artistic_role: artist.artistic_role && restrictCodedValue(artist.artistic_role, ERN42_CONTRIBUTOR_ROLES) };

const contributor = (planned: PlannedContributor): PlannedContributor => ({
  party: planned.party,
  roles: planned.roles.map((role) => restrictCodedValue(role, ERN42_CONTRIBUTOR_ROLES)),
});

const deal = (planned: PlannedDeal): PlannedDeal => ({
  ...planned,
  use_types: planned.use_types.map((use) => restrictCodedValue(use, ERN42_USE_TYPES)),
});

export const planErn42Message = (input: ErnBuildInput): MessagePlan => {
  const plan = planMessage(input);
  return {
    ...plan,
    tracks: plan.tracks.map((planned) => ({
      ...planned,
      artists: planned.artists.map(displayArtist),
      contributors: planned.contributors.map(contributor),
      deals: planned.deals.map(deal),
    })),
    deals: plan.deals.map(deal),
  };
};
