import { eventually, makeRelease, submitAndApprove, waitForStatus } from '@sv/testing';
import { useDeliverySuite } from './support/delivery-suite.ts';

/*
 * Stores' lead times through the real gateway: the delivery plan names the day Spotify asks to
 * have a new release by (five days before its date) and warns once that day is gone; a delivery
 * queued after it is recorded late, and its webhook events say so.
 */

/** Today moved by whole days, as a UTC calendar date (the services count in UTC). */
const daysFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface StageEvent {
  type: string;
  data: { release_id: string; dsp: string; stage: string; deliver_by?: string; late?: boolean };
}

describe('store lead times', () => {
  const suite = useDeliverySuite('leadtimes', ['release.dsp.*.*']);

  /** A release dated `days` from today, with Spotify attached. */
  const releaseDatedIn = async (days: number, title: string): Promise<string> => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title });
    const dated = await suite.api(`/v1/releases/${releaseId}`, { method: 'PATCH', body: { release_date: daysFromToday(days) } });
    expect(dated.status).toBe(200);
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify'] } })).status).toBe(200);
    return releaseId;
  };

  const spotifyPlan = async (releaseId: string) => {
    const response = await suite.api(`/v1/supply-chain/releases/${releaseId}/delivery-plan`);
    expect(response.status).toBe(200);
    return (response.body.delivery_plan.stores as Record<string, any>[]).find((store) => store.dsp.slug === 'spotify');
  };

  const stageEvents = (releaseId: string): StageEvent[] =>
    suite.observer.receiver.received
      .map((request) => JSON.parse(request.raw) as StageEvent)
      .filter((event) => event.data.release_id === releaseId);

  let soon: string;
  let later: string;

  beforeAll(async () => {
    [soon, later] = await Promise.all([releaseDatedIn(2, 'Two Days Out'), releaseDatedIn(30, 'A Month Out')]);
  }, 120_000);

  it('warns in the delivery plan when Spotify’s five days are already gone, with the day it asked for', async () => {
    const deliverBy = daysFromToday(2 - 5);
    const store = await spotifyPlan(soon);
    expect(store).toMatchObject({ lead_time_days: { new_release: 5, update: 2 }, deliver_by: deliverBy });
    expect(store?.problems).toContainEqual({
      severity: 'warning',
      code: 'lead_time',
      message: `Spotify asks for new releases 5 days before release: deliver by ${deliverBy}.`,
      field: 'release_date',
    });
    // A warning weakens the delivery; it does not stop it.
    expect(store?.ready).toBe(true);
  });

  it('does not warn for a release dated a month out', async () => {
    const store = await spotifyPlan(later);
    expect(store).toMatchObject({ lead_time_days: { new_release: 5, update: 2 }, deliver_by: daysFromToday(30 - 5) });
    expect(store?.problems.map((problem: { code: string }) => problem.code)).not.toContain('lead_time');
  });

  it('records a delivery queued after the deliver-by day as late, and its webhook events say so', async () => {
    await Promise.all([submitAndApprove(suite.api, soon, []), submitAndApprove(suite.api, later, [])]);
    await Promise.all([waitForStatus(suite.api, soon, ['approved']), waitForStatus(suite.api, later, ['approved'])]);

    // QC's pass queues each store's message as the release enters its pipeline.
    const rows = await eventually('both spotify deliveries queued', async () => {
      const found = await suite.world.db.query<{ release_id: string; kind: string; deliver_by: string | null; late: boolean }>(
        `select "release_id", "kind", to_char("deliver_by", 'YYYY-MM-DD') as "deliver_by", "late"
           from "delivery"."delivery" where "release_id" = any($1::uuid[]) and "dsp_slug" = 'spotify'`,
        [[soon, later]],
      );
      return found.rows.length === 2 ? found.rows : undefined;
    }, 60_000);
    const byRelease = new Map(rows.map((row) => [row.release_id, row]));
    expect(byRelease.get(soon)).toEqual({ release_id: soon, kind: 'new', deliver_by: daysFromToday(2 - 5), late: true });
    expect(byRelease.get(later)).toEqual({ release_id: later, kind: 'new', deliver_by: daysFromToday(30 - 5), late: false });

    // The deliveries list shows the same.
    const listed = await suite.observer.deliveriesOf(soon);
    expect(listed.map((delivery) => [delivery.dsp.slug, delivery.deliver_by, delivery.late])).toEqual([['spotify', daysFromToday(2 - 5), true]]);

    await eventually('spotify delivered and submitted events for both releases', () =>
      [soon, later].every((releaseId) => {
        const types = stageEvents(releaseId).map((event) => event.type);
        return types.includes('release.dsp.spotify.delivered') && types.includes('release.dsp.spotify.submitted');
      }),
    60_000);
    for (const event of stageEvents(soon)) {
      expect(event.data).toMatchObject({ dsp: 'spotify', deliver_by: daysFromToday(2 - 5), late: true });
    }
    for (const event of stageEvents(later)) {
      expect(event.data).toMatchObject({ dsp: 'spotify', deliver_by: daysFromToday(30 - 5), late: false });
    }
  }, 180_000);
});
