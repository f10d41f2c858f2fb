import { WORLDWIDE } from '@sv/contracts';
import { codedAttributes } from '../ern/coded-values.ts';
import { trackDealGroups, type PlannedDeal } from '../ern/deal-terms.ts';
import { MAIN_RELEASE, type MessagePlan } from '../ern/message-plan.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';
import { dealCodedValues } from './coded-values.ts';
import { senderNamespace } from './namespace.ts';

/**
 * DealList in ERN 3.8.2. Deals are offered as in 4.3: the main release's deals with the price
 * tier, the same deals without it for every track release (less what the store's override
 * withdrew from a track; track releases with the same deals share one ReleaseDeal).
 *
 * A takedown differs. In 3.8.2 a message without deals does not end any deal, so it says so:
 * one Deal for every release of the message whose terms are TakeDown, Worldwide, from the day
 * the message was created.
 */
export const writeDealList = (w: XmlWriter, plan: MessagePlan): void => {
  const namespace = senderNamespace(plan.input.sender);
  const trackReleases = plan.tracks.map((planned) => planned.release);
  w.open('DealList');
  if (plan.input.kind === 'takedown') {
    writeTakedown(w, [MAIN_RELEASE, ...trackReleases], plan.input.created_at.slice(0, 10));
  } else {
    writeReleaseDeal(w, [MAIN_RELEASE], plan.deals, namespace, true);
    for (const group of trackDealGroups(plan.tracks)) writeReleaseDeal(w, group.releases, group.deals, namespace, false);
  }
  w.close('DealList');
};

const writeReleaseDeal = (w: XmlWriter, releases: readonly string[], deals: readonly PlannedDeal[], namespace: string, priced: boolean): void => {
  w.open('ReleaseDeal');
  for (const release of releases) w.leaf('DealReleaseReference', release);
  for (const deal of deals) writeDeal(w, deal, namespace, priced);
  w.close('ReleaseDeal');
};

/** DealTerms in 3.8.2's order: model, usage, territories, price, then the validity period. */
const writeDeal = (w: XmlWriter, deal: PlannedDeal, namespace: string, priced: boolean): void => {
  const { commercial_model, use_types } = dealCodedValues(deal);
  w.open('Deal').open('DealTerms');
  w.leaf('CommercialModelType', commercial_model.value, codedAttributes(commercial_model, namespace));
  w.open('Usage');
  for (const use of use_types) w.leaf('UseType', use.value, codedAttributes(use, namespace));
  w.close('Usage');
  const territoryElement = deal.territories.mode === 'include' ? 'TerritoryCode' : 'ExcludedTerritoryCode';
  for (const code of deal.territories.codes) w.leaf(territoryElement, code);
  if (priced && deal.price_type) {
    w.open('PriceInformation').leaf('PriceType', deal.price_type, { Namespace: namespace }).close('PriceInformation');
  }
  w.open('ValidityPeriod').leaf('StartDate', deal.start_date).close('ValidityPeriod');
  w.close('DealTerms').close('Deal');
};

const writeTakedown = (w: XmlWriter, releases: readonly string[], startDate: string): void => {
  w.open('ReleaseDeal');
  for (const release of releases) w.leaf('DealReleaseReference', release);
  w.open('Deal').open('DealTerms').leaf('TakeDown', true).leaf('TerritoryCode', WORLDWIDE);
  w.open('ValidityPeriod').leaf('StartDate', startDate).close('ValidityPeriod');
  w.close('DealTerms').close('Deal');
  w.close('ReleaseDeal');
};
