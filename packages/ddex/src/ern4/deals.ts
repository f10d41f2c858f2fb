import type { XmlWriter } from '../xml/xml-writer.ts';
import { codedAttributes } from '../ern/coded-values.ts';
import { ErnBuildError } from '../ern/build-input.ts';
import { trackDealGroups, type PlannedDeal } from '../ern/deal-terms.ts';
import { MAIN_RELEASE, type MessagePlan } from '../ern/message-plan.ts';
import { hasTrackReleases } from './profile.ts';

/**
 * DealList. ERN 4 messages are statements of truth: the deals of the latest message replace all
 * earlier ones, so an update carries every live deal again.
 *
 * Takedowns follow ERN 4.3 Part 1, clause 6.19.4: "To signal that a release needs to be taken
 * down it is sufficient … to send a new NewReleaseMessage for that release, albeit, with no
 * Deal composite." A takedown therefore leaves the DealList out (it is optional in the schema).
 * The alternative the clause allows, deals with an EndDate in the past, is not used: the end
 * date would have to precede a future start date for a takedown before release (6.19.7), and
 * ValidityPeriod dates are inclusive, so "today" would keep the release up for the day.
 *
 * The main release's deals carry the price tier; the track releases get the same deals without
 * it, since the tier prices the release, not its tracks. Track releases with the same deals share
 * one ReleaseDeal; a track the store's override withdrew policies from gets its own, without them.
 * A Simple Audio Single has no track releases, so its one track's withdrawals apply to the main
 * release's deals.
 */
export const writeDealList = (w: XmlWriter, plan: MessagePlan): void => {
  if (plan.deals.length === 0) return;
  const namespace = plan.input.sender.party_id;
  w.open('DealList');
  if (hasTrackReleases(plan)) {
    writeReleaseDeal(w, [MAIN_RELEASE], plan.deals, namespace, true);
    for (const group of trackDealGroups(plan.tracks)) writeReleaseDeal(w, group.releases, group.deals, namespace, false);
  } else {
    writeReleaseDeal(w, [MAIN_RELEASE], singleDeals(plan), namespace, true);
  }
  w.close('DealList');
};

/** The single's deals after its track's withdrawals; none left would be a takedown, which is sent as one. */
const singleDeals = (plan: MessagePlan): readonly PlannedDeal[] => {
  const deals = plan.tracks[0]?.deals ?? plan.deals;
  if (deals.length > 0) return deals;
  throw new ErnBuildError(
    `Release ${plan.input.release.upc}: every deal is withdrawn from its only track for ${plan.input.store.dsp.slug}; ` +
      'an ERN 4 message without deals takes the release down, so send a takedown instead.',
  );
};

const writeReleaseDeal = (w: XmlWriter, releases: string[], deals: readonly PlannedDeal[], namespace: string, priced: boolean): void => {
  w.open('ReleaseDeal');
  for (const release of releases) w.leaf('DealReleaseReference', release);
  for (const deal of deals) writeDeal(w, deal, namespace, priced);
  w.close('ReleaseDeal');
};

const writeDeal = (w: XmlWriter, deal: PlannedDeal, namespace: string, priced: boolean): void => {
  w.open('Deal').open('DealTerms');
  const territoryElement = deal.territories.mode === 'include' ? 'TerritoryCode' : 'ExcludedTerritoryCode';
  for (const code of deal.territories.codes) w.leaf(territoryElement, code);
  w.open('ValidityPeriod').leaf('StartDate', deal.start_date).close('ValidityPeriod');
  w.leaf('CommercialModelType', deal.commercial_model.value, codedAttributes(deal.commercial_model, namespace));
  for (const use of deal.use_types) w.leaf('UseType', use.value, codedAttributes(use, namespace));
  if (priced && deal.price_type) {
    w.open('PriceInformation').leaf('PriceCode', deal.price_type, { Namespace: namespace }).close('PriceInformation');
  }
  w.close('DealTerms').close('Deal');
};
