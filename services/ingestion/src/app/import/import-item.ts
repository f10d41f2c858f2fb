import { can, type Principal } from '@sv/contracts';
import { DomainError, UnavailableError } from '@sv/platform';
import type { PlannedItem } from '../jobs/job-plan.ts';
import type { MediaResolver } from '../media/media-resolver.ts';
import { attachMedia, prepareMedia } from './item-media.ts';
import type { CataloguePort, ImportedRelease, SupplyChainPort } from './ports.ts';

export interface ImportItemDeps {
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
}

export const TERRITORIES_NOT_APPLIED =
  "The message's territories were not applied: this key may not set a release's territories, so the release keeps the default ones.";

export interface ImportedItem {
  release: ImportedRelease;
  /** What was imported but not as the submission asked. */
  warnings: string[];
}

/**
 * One item as steps across services: its named files found and checked, the release and its
 * tracks in the catalogue, its territories in the supply-chain, then its audio and cover art
 * through the catalogue's upload use-cases. When a step refuses, the release is discarded again,
 * so an item is all there or not at all. The supply-chain being away is not a refusal: the job is
 * retried, and the import key brings back the same release.
 */
export const importItem = async (deps: ImportItemDeps, principal: Principal, item: PlannedItem, resolveMedia?: MediaResolver): Promise<ImportedItem> => {
  const media = await prepareMedia(item.media, resolveMedia);
  let imported = false;
  try {
    const release = await deps.catalogue.importRelease(principal, item.body);
    const warnings = [...(item.warnings ?? []), ...media.warnings];
    try {
      if (item.territories) {
        // Whoever may set territories through the API sets them through a message; a key that may not, may not here either.
        if (can(principal, 'supply_chain.manage')) await deps.supplyChain.setTerritories(principal, release.uuid, item.territories);
        else warnings.push(TERRITORIES_NOT_APPLIED);
      }
      await attachMedia(deps.catalogue, principal, release, media);
    } catch (error) {
      if (error instanceof DomainError && !(error instanceof UnavailableError)) await deps.catalogue.discardRelease(principal, release.uuid);
      throw error;
    }
    imported = true;
    return { release, warnings };
  } finally {
    // Downloaded files belong to the tracks they were attached to; otherwise nothing refers to them.
    if (!imported) await media.discard();
  }
};
