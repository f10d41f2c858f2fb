import type { ErnElement } from './ern-element.ts';

/** Where a resource sits in a release: its ResourceGroupContentItem's sequence number and its disc. */
export interface ResourcePosition {
  reference: string;
  /** The element path of the item, for problems. */
  path: string;
  sequenceNumber: number;
  discNumber: number;
}

/*
 * The release's ResourceGroup, with the same element names in ERN 3.8.2 and 4.x: either
 * ResourceGroupContentItems directly (one disc), or sub-groups, one per disc (component), each
 * numbered by its SequenceNumber. Items and discs without a SequenceNumber count by position.
 * Deeper groups inside a disc (sides, movements) are read into that disc in document order.
 */

const sequenceNumberOf = (element: ErnElement, position: number): number => {
  const value = Number(element.textAt('SequenceNumber'));
  return Number.isInteger(value) ? value : position;
};

/** ResourceGroupContentItems, and 3.8.2's plain ResourceGroupResourceReferenceList. */
const itemsOf = (group: ErnElement): { reference: string; path: string; sequenceNumber: number }[] => {
  const items = group.children('ResourceGroupContentItem').map((item, index) => ({
    reference: item.textAt('ReleaseResourceReference') ?? '',
    path: item.path,
    sequenceNumber: sequenceNumberOf(item, index + 1),
  }));
  const listed = group.children('ResourceGroupResourceReferenceList').flatMap((list) =>
    list.children('ResourceGroupResourceReference').map((reference, index) => ({
      reference: reference.text,
      path: reference.path,
      sequenceNumber: items.length + index + 1,
    })),
  );
  return [...items, ...listed].filter((item) => item.reference !== '');
};

const itemsDeep = (group: ErnElement): ReturnType<typeof itemsOf> => [
  ...group.children('ResourceGroup').flatMap(itemsDeep),
  ...itemsOf(group),
];

/** Every resource the groups place, in disc, then sequence order. */
export const resourcePositions = (topGroups: ErnElement[]): ResourcePosition[] => {
  const positions: ResourcePosition[] = [];
  for (const top of topGroups) {
    const discs = top.children('ResourceGroup');
    discs.forEach((disc, index) => {
      const discNumber = sequenceNumberOf(disc, index + 1);
      for (const item of itemsDeep(disc)) positions.push({ ...item, discNumber });
    });
    // Items beside the discs (cover art, booklets) or in a group without discs: disc 1.
    for (const item of itemsOf(top)) positions.push({ ...item, discNumber: 1 });
  }
  return positions
    .map((position, order) => ({ position, order }))
    .sort((a, b) => a.position.discNumber - b.position.discNumber || a.position.sequenceNumber - b.position.sequenceNumber || a.order - b.order)
    .map(({ position }) => position);
};
