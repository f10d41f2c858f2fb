import { WORLDWIDE } from '@sv/contracts';
import { isoDuration } from '../ern/durations.ts';
import { MAIN_RELEASE, type MessagePlan, type PlannedTrack } from '../ern/message-plan.ts';
import { writeGenre } from '../ern/genre.ts';
import { writeCLine, writePLine } from '../ern/rights-lines.ts';
import { releaseTitles, trackTitles } from '../ern/titles.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { senderNamespace } from './namespace.ts';
import { writeDisplayArtists, writeLabelNames, type PartyNames } from './parties.ts';
import { releaseType382 } from './profile.ts';
import { writeReleaseResourceReferences, writeResourceGroup } from './resource-group.ts';
import { writeReferenceTitle, writeTitles } from './titles.ts';

/**
 * ReleaseList: the main Release (IsMainRelease), then one Release of type TrackRelease per
 * recording, as 4.3's TrackReleases. 3.8.2 has no separate TrackRelease composite, and every
 * Release needs a ReferenceTitle, so the track releases carry the track's title and artists.
 */
export const writeReleaseList = (w: XmlWriter, plan: MessagePlan, parties: PartyNames): void => {
  w.open('ReleaseList');
  writeMainRelease(w, plan, parties);
  for (const planned of plan.tracks) writeTrackRelease(w, plan, planned, parties);
  w.close('ReleaseList');
};

const writeMainRelease = (w: XmlWriter, plan: MessagePlan, parties: PartyNames): void => {
  const { release } = plan.input;
  const titles = releaseTitles(release);
  w.open('Release', { IsMainRelease: true });
  w.open('ReleaseId').leaf('ICPN', release.upc).close('ReleaseId');
  w.leaf('ReleaseReference', MAIN_RELEASE);
  writeReferenceTitle(w, titles.main);
  writeReleaseResourceReferences(w, plan.tracks, plan.image);
  w.leaf('ReleaseType', releaseType382(plan));

  w.open('ReleaseDetailsByTerritory').leaf('TerritoryCode', WORLDWIDE);
  w.leaf('DisplayArtistName', plan.release_artist.name);
  writeLabelNames(w, plan, parties);
  writeTitles(w, titles.main, titles.localized);
  const artist = { party: plan.release_artist.party, role: 'MainArtist', artistic_role: null } as const;
  writeDisplayArtists(w, [artist], parties, senderNamespace(plan.input.sender));
  w.leaf('ParentalWarningType', plan.tracks.some((planned) => planned.track.explicit) ? 'Explicit' : 'NotExplicit');
  writeResourceGroup(w, plan.tracks, plan.image, true);
  writeGenre(w, plan);
  writeReleaseDate(w, plan);
  w.close('ReleaseDetailsByTerritory');

  w.leaf('Duration', isoDuration(plan.tracks.reduce((sum, planned) => sum + planned.duration_ms, 0)));
  writePLine(w, release.copyright_year, plan.copyright_holder);
  writeCLine(w, release.copyright_year, plan.copyright_holder);
  w.close('Release');
};

const writeTrackRelease = (w: XmlWriter, plan: MessagePlan, planned: PlannedTrack, parties: PartyNames): void => {
  const { release, sender } = plan.input;
  const { track } = planned;
  const titles = trackTitles(track);
  const namespace = senderNamespace(sender);
  w.open('Release');
  w.open('ReleaseId').leaf('ISRC', track.isrc);
  w.leaf('ProprietaryId', `${release.upc}_${track.isrc}`, { Namespace: namespace }).close('ReleaseId');
  w.leaf('ReleaseReference', planned.release);
  writeReferenceTitle(w, titles.main);
  writeReleaseResourceReferences(w, [planned], null);
  w.leaf('ReleaseType', 'TrackRelease');

  w.open('ReleaseDetailsByTerritory').leaf('TerritoryCode', WORLDWIDE);
  w.leaf('DisplayArtistName', planned.display_artist_name);
  writeLabelNames(w, plan, parties);
  writeTitles(w, titles.main, titles.localized);
  writeDisplayArtists(w, planned.artists, parties, namespace);
  w.leaf('ParentalWarningType', track.explicit ? 'Explicit' : 'NotExplicit');
  writeResourceGroup(w, [planned], null, false);
  writeGenre(w, plan);
  writeReleaseDate(w, plan);
  w.close('ReleaseDetailsByTerritory');

  w.leaf('Duration', isoDuration(planned.duration_ms));
  writePLine(w, track.copyright_year ?? release.copyright_year, track.copyright_holder?.trim() || plan.copyright_holder);
  writeCLine(w, release.copyright_year, plan.copyright_holder);
  w.close('Release');
};

/** The store's effective release date when it has one, as 4.3's ReleaseDate. */
const writeReleaseDate = (w: XmlWriter, plan: MessagePlan): void => {
  w.optionalLeaf('ReleaseDate', plan.input.store.release_date ?? plan.input.release.release_date);
};
