import { fullDateOf } from './dates.ts';
import type { ErnElement } from './ern-element.ts';
import type { IngestedErnDeal } from './ingested-message.ts';

/** What differs between versions in reading one DealTerms. */
export interface DealTermsReading {
  useTypes(terms: ErnElement): string[];
  isTakedown(terms: ErnElement): boolean;
}

/**
 * The deals of one release: every Deal with DealTerms in a ReleaseDeal that names the release.
 * A Deal without DealTerms (one communicated out of band) says nothing readable and is skipped.
 */
export const dealsOf = (message: ErnElement, releaseReference: string, reading: DealTermsReading): IngestedErnDeal[] =>
  (message.child('DealList')?.children('ReleaseDeal') ?? [])
    .filter((releaseDeal) => releaseDeal.texts('DealReleaseReference').includes(releaseReference))
    .flatMap((releaseDeal) => releaseDeal.children('Deal'))
    .flatMap((deal) => {
      const terms = deal.child('DealTerms');
      return terms === undefined ? [] : [dealOf(terms, reading)];
    });

const dealOf = (terms: ErnElement, reading: DealTermsReading): IngestedErnDeal => {
  const period = terms.child('ValidityPeriod');
  const startDate = fullDateOf(period?.textAt('StartDate') ?? period?.textAt('StartDateTime'));
  return {
    territories: terms.texts('TerritoryCode'),
    excludedTerritories: terms.texts('ExcludedTerritoryCode'),
    commercialModels: terms.texts('CommercialModelType'),
    useTypes: reading.useTypes(terms),
    ...(startDate === undefined ? {} : { startDate }),
    takedown: reading.isTakedown(terms),
  };
};

/** Where the deals that are not takedowns offer the release; `Worldwide` stands for a deal given by exclusions. */
export const offeredTerritories = (deals: IngestedErnDeal[]): string[] => {
  const territories = new Set<string>();
  for (const deal of deals) {
    if (deal.takedown) continue;
    if (deal.territories.length === 0 && deal.excludedTerritories.length > 0) territories.add('Worldwide');
    for (const territory of deal.territories) territories.add(territory);
  }
  return [...territories];
};

/** Takedown when the release has deals and every one of them is a takedown. */
export const allDealsTakenDown = (deals: IngestedErnDeal[]): boolean => deals.length > 0 && deals.every((deal) => deal.takedown);

/** The earliest start among the deals that are not takedowns. */
export const earliestDealStart = (deals: IngestedErnDeal[]): string | undefined =>
  deals
    .filter((deal) => !deal.takedown)
    .map((deal) => deal.startDate)
    .filter((date) => date !== undefined)
    .sort()[0];
