import type { ReleaseType } from '@sv/contracts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { isoDuration } from '../ern/durations.ts';
import { MAIN_RELEASE, type MessagePlan, type PlannedTrack } from '../ern/message-plan.ts';
import { hasTrackReleases } from './profile.ts';
import { writeDisplayArtists } from './resources.ts';
import { writeCLine, writePLine } from '../ern/rights-lines.ts';
import { releaseTitles } from '../ern/titles.ts';
import { writeGenre } from '../ern/genre.ts';
import { writeTitles } from './display-titles.ts';

export const RELEASE_TYPES: Readonly<Record<ReleaseType, string>> = { single: 'Single', ep: 'EP', album: 'Album' };

/**
 * ReleaseList: the main Release, then in the Audio profile one TrackRelease per recording (so
 * stores can sell or stream tracks). A Simple Audio Single must have none (Release Profile 2.1,
 * clause 5.1.1(b)): its one track is the release.
 */
export const writeReleaseList = (w: XmlWriter, plan: MessagePlan): void => {
  w.open('ReleaseList');
  writeMainRelease(w, plan);
  if (hasTrackReleases(plan)) for (const planned of plan.tracks) writeTrackRelease(w, plan, planned);
  w.close('ReleaseList');
};

const writeMainRelease = (w: XmlWriter, plan: MessagePlan): void => {
  const { release, sender } = plan.input;
  w.open('Release').leaf('ReleaseReference', MAIN_RELEASE).leaf('ReleaseType', RELEASE_TYPES[release.type]);
  w.open('ReleaseId').leaf('ICPN', release.upc).close('ReleaseId');
  const titles = releaseTitles(release);
  writeTitles(w, titles.main, titles.localized);
  w.leaf('DisplayArtistName', plan.release_artist.name);
  writeDisplayArtists(w, [{ party: plan.release_artist.party, role: 'MainArtist', artistic_role: null }], sender.party_id);
  w.leaf('ReleaseLabelReference', plan.label);
  writePLine(w, release.copyright_year, plan.copyright_holder);
  writeCLine(w, release.copyright_year, plan.copyright_holder);
  w.leaf('Duration', isoDuration(plan.tracks.reduce((sum, planned) => sum + planned.duration_ms, 0)));
  writeGenre(w, plan);
  // ERN Part 2 (7.3) asks for a ReleaseDate whenever it is known: the store's effective one.
  w.optionalLeaf('ReleaseDate', plan.input.store.release_date ?? release.release_date);
  w.leaf('ParentalWarningType', plan.tracks.some((planned) => planned.track.explicit) ? 'Explicit' : 'NotExplicit');
  writeResourceGroup(w, plan);
  w.close('Release');
};

/**
 * The tracks in disc/position order with the front cover. A multi-disc release gets one
 * sub-group per disc (ResourceGroupType Component, "one of several carriers"). The Audio profile
 * links the cover from the group, as DDEX's Audio sample does; a Simple Audio Single links it
 * from its one content item (Release Profile 2.1, clause 5.4.1).
 */
const writeResourceGroup = (w: XmlWriter, plan: MessagePlan): void => {
  const discs = [...new Set(plan.tracks.map((planned) => planned.track.disc_number))];
  const coverOnItem = !hasTrackReleases(plan);
  w.open('ResourceGroup').leaf('SequenceNumber', 1);
  if (discs.length === 1) {
    writeContentItems(w, plan.tracks, coverOnItem ? plan.image : null);
  } else {
    discs.forEach((disc, index) => {
      w.open('ResourceGroup', { ResourceGroupType: 'Component' }).leaf('SequenceNumber', index + 1);
      writeContentItems(w, plan.tracks.filter((planned) => planned.track.disc_number === disc), null);
      w.close('ResourceGroup');
    });
  }
  if (plan.image && !coverOnItem) w.leaf('LinkedReleaseResourceReference', plan.image.resource, { LinkDescription: 'CoverArt' });
  w.close('ResourceGroup');
};

const writeContentItems = (w: XmlWriter, tracks: readonly PlannedTrack[], cover: MessagePlan['image']): void => {
  tracks.forEach((planned, index) => {
    w.open('ResourceGroupContentItem').leaf('SequenceNumber', index + 1).leaf('ReleaseResourceReference', planned.resource);
    if (cover) w.leaf('LinkedReleaseResourceReference', cover.resource, { LinkDescription: 'CoverArt' });
    w.close('ResourceGroupContentItem');
  });
};

const writeTrackRelease = (w: XmlWriter, plan: MessagePlan, planned: PlannedTrack): void => {
  const { release, sender } = plan.input;
  w.open('TrackRelease').leaf('ReleaseReference', planned.release);
  w.open('ReleaseId').leaf('ProprietaryId', `${release.upc}_${planned.track.isrc}`, { Namespace: sender.party_id }).close('ReleaseId');
  w.leaf('ReleaseResourceReference', planned.resource);
  if (plan.image) w.leaf('LinkedReleaseResourceReference', plan.image.resource, { LinkDescription: 'CoverArt' });
  w.leaf('ReleaseLabelReference', plan.label);
  writeGenre(w, plan);
  w.close('TrackRelease');
};
