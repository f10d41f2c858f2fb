import type { ErnElement } from '../ern-element.ts';
import { preferredTerritoryBlock } from '../preferred-variant.ts';

/**
 * ERN 3.8.2 keeps most of a release's or resource's metadata in …DetailsByTerritory blocks.
 * The platform reads the Worldwide block (else the first) and, for what that block lacks,
 * the other blocks in order.
 */
export const detailBlocks = (owner: ErnElement, blockName: string): ErnElement[] => {
  const blocks = owner.children(blockName);
  const preferred = preferredTerritoryBlock(blocks);
  return preferred === undefined ? [] : [preferred, ...blocks.filter((block) => block !== preferred)];
};

/** The first block that has a `name` child, and its children of that name. */
export const firstWith = (blocks: ErnElement[], name: string): ErnElement[] =>
  blocks.map((block) => block.children(name)).find((children) => children.length > 0) ?? [];

/** Titles to choose from: the DisplayTitles of every block (all Titles when none is typed so). */
export const displayTitleVariants = (blocks: ErnElement[]): ErnElement[] => {
  const titles = blocks.flatMap((block) => block.children('Title'));
  const display = titles.filter((title) => title.attribute('TitleType') === 'DisplayTitle');
  return display.length > 0 ? display : titles;
};
