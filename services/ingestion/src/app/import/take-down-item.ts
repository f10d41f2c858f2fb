import type { Principal } from '@sv/contracts';
import type { PlannedTakedown } from '../jobs/job-plan.ts';
import type { CataloguePort, DeliveryPort } from './ports.ts';

export interface TakeDownDeps {
  catalogue: CataloguePort;
  delivery: DeliveryPort;
}

/** A takedown a message asks for: the caller's release with that UPC, taken down at every store it reached. */
export const takeDownItem = async (deps: TakeDownDeps, principal: Principal, takedown: PlannedTakedown): Promise<{ uuid: string }> => {
  const release = await deps.catalogue.releaseByUpc(principal, takedown.upc);
  await deps.delivery.takeDown(principal, release.uuid);
  return release;
};
