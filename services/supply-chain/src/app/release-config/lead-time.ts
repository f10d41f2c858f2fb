import { leadTimeDeadline, type EffectiveStoreConfig, type LeadTimeDays, type LeadTimeKind, type ReadinessProblem } from '@sv/contracts';
import { DEFAULT_LEAD_TIME_DAYS } from '../dsps/registry/dsp-registry.ts';

/** A store not delivered yet (pending) waits for a new release; any later stage for an update. */
export const leadTimeKindOf = (status: string): LeadTimeKind => (status === 'pending' ? 'new_release' : 'update');

const days = (count: number): string => (count === 1 ? '1 day' : `${count} days`);

const leadTimeMessage = (store: string, kind: LeadTimeKind, lead: number, deliverBy: string): string =>
  kind === 'new_release'
    ? `${store} asks for new releases ${days(lead)} before release: deliver by ${deliverBy}.`
    : `${store} asks for updates ${days(lead)} before they are to show: deliver by ${deliverBy}.`;

export interface StoreLeadTime {
  lead_time_days: LeadTimeDays;
  deliver_by: string | null;
  /** The lead_time warning when the date is already missed and the release date is still ahead (or today). */
  problem: ReadinessProblem | null;
}

/**
 * One store's lead time against the release date. A release date already past is the
 * release_date_past warning's to report, and a blocked store is sent nothing, so neither warns here.
 */
export const storeLeadTime = (config: EffectiveStoreConfig, today: string): StoreLeadTime => {
  const lead = config.dsp.lead_time_days ?? DEFAULT_LEAD_TIME_DAYS;
  const kind = leadTimeKindOf(config.status);
  const deadline = leadTimeDeadline(config.release_date, kind, lead, today);
  const warns = deadline?.late === true && !config.is_blocked && config.release_date !== null && config.release_date >= today;
  return {
    lead_time_days: lead,
    deliver_by: deadline?.deliver_by ?? null,
    problem:
      warns && deadline
        ? { severity: 'warning', code: 'lead_time', message: leadTimeMessage(config.dsp.name, kind, lead[kind], deadline.deliver_by), field: 'release_date' }
        : null,
  };
};
