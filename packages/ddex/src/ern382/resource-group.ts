import type { MessagePlan, PlannedTrack } from '../ern/message-plan.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';

/*
 * A release's resources as 3.8.2 lists them. Recordings are its PrimaryResources and the front
 * cover a SecondaryResource, both in ReleaseResourceReferenceList and in the ResourceGroup. A
 * track release lists its recording only (Release Profile 1.4, clause 3.1: a Track Release
 * contains one Resource), so it is given no image.
 */

type Image = MessagePlan['image'];

export const writeReleaseResourceReferences = (w: XmlWriter, tracks: readonly PlannedTrack[], image: Image): void => {
  w.open('ReleaseResourceReferenceList');
  for (const planned of tracks) w.leaf('ReleaseResourceReference', planned.resource, { ReleaseResourceType: 'PrimaryResource' });
  if (image) w.leaf('ReleaseResourceReference', image.resource, { ReleaseResourceType: 'SecondaryResource' });
  w.close('ReleaseResourceReferenceList');
};

/**
 * The tracks in disc/position order, then the cover. In the main release the tracks sit in one
 * sub-group per disc, numbered in disc order (3.8.2 has no ResourceGroupType to call them
 * components), and the cover is the top group's own item: Release Profile 1.4, clause 3.1, has
 * the main release's top-level items be its FrontCoverImage. A track release's group holds its
 * recording alone.
 */
export const writeResourceGroup = (w: XmlWriter, tracks: readonly PlannedTrack[], image: Image, main: boolean): void => {
  const discs = [...new Set(tracks.map((planned) => planned.track.disc_number))];
  w.open('ResourceGroup').leaf('SequenceNumber', 1);
  if (!main) {
    writeContentItems(w, tracks);
  } else {
    discs.forEach((disc, index) => {
      w.open('ResourceGroup').leaf('SequenceNumber', index + 1);
      writeContentItems(w, tracks.filter((planned) => planned.track.disc_number === disc));
      w.close('ResourceGroup');
    });
  }
  if (image) {
    w.open('ResourceGroupContentItem').leaf('ResourceType', 'Image');
    w.leaf('ReleaseResourceReference', image.resource, { ReleaseResourceType: 'SecondaryResource' });
    w.close('ResourceGroupContentItem');
  }
  w.close('ResourceGroup');
};

const writeContentItems = (w: XmlWriter, tracks: readonly PlannedTrack[]): void => {
  tracks.forEach((planned, index) => {
    w.open('ResourceGroupContentItem').leaf('SequenceNumber', index + 1).leaf('ResourceType', 'SoundRecording');
    w.leaf('ReleaseResourceReference', planned.resource, { ReleaseResourceType: 'PrimaryResource' });
    w.close('ResourceGroupContentItem');
  });
};
