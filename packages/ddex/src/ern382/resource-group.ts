import type { MessagePlan, PlannedTrack } from '../ern43/message-plan.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';

/*
 * A release's resources as 3.8.2 lists them. Recordings are its PrimaryResources and the front
 * cover a SecondaryResource, both in ReleaseResourceReferenceList and in the ResourceGroup.
 */

type Image = MessagePlan['image'];

export const writeReleaseResourceReferences = (w: XmlWriter, tracks: readonly PlannedTrack[], image: Image): void => {
  w.open('ReleaseResourceReferenceList');
  for (const planned of tracks) w.leaf('ReleaseResourceReference', planned.resource, { ReleaseResourceType: 'PrimaryResource' });
  if (image) w.leaf('ReleaseResourceReference', image.resource, { ReleaseResourceType: 'SecondaryResource' });
  w.close('ReleaseResourceReferenceList');
};

/**
 * The tracks in disc/position order, then the cover. A multi-disc release gets one sub-group
 * per disc, numbered in disc order (3.8.2 has no ResourceGroupType to call them components).
 */
export const writeResourceGroup = (w: XmlWriter, tracks: readonly PlannedTrack[], image: Image): void => {
  const discs = [...new Set(tracks.map((planned) => planned.track.disc_number))];
  w.open('ResourceGroup').leaf('SequenceNumber', 1);
  if (discs.length === 1) {
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
