import { RightsBody, TrackCreditsBody, overallocatedRight, type RightsRecordInput } from '@sv/contracts';

/*
 * The body rules of rights and credits, as pure functions: where rights shares add up, and how
 * credit shares are summed.
 */

const record = (overrides: Partial<RightsRecordInput>): RightsRecordInput => ({
  type: 'master',
  holder: 'Holder',
  share: 50,
  territory_codes: [],
  start_date: null,
  end_date: null,
  ...overrides,
});

describe('overallocatedRight', () => {
  it('adds up records of one type that share a territory and a day', () => {
    expect(overallocatedRight([record({ share: 60 }), record({ share: 40 })])).toBeUndefined();
    expect(overallocatedRight([record({ share: 60 }), record({ share: 40.01 })])).toEqual({
      type: 'master',
      territory: '*',
      day: null,
      total: 10_001,
    });
  });

  it('keeps types apart', () => {
    expect(overallocatedRight([record({ share: 100 }), record({ type: 'sync', share: 100 }), record({ type: 'publishing', share: 100 })])).toBeUndefined();
  });

  it('adds a worldwide record to every named territory, but not named territories to each other', () => {
    const named = [record({ share: 100, territory_codes: ['GB'] }), record({ share: 100, territory_codes: ['US', 'CA'] })];
    expect(overallocatedRight(named)).toBeUndefined();
    expect(overallocatedRight([...named, record({ share: 1 })])).toMatchObject({ territory: 'GB', total: 10_100 });
  });

  it('adds records up only where their periods overlap, end dates included', () => {
    const early = record({ share: 100, end_date: '2026-12-31' });
    expect(overallocatedRight([early, record({ share: 100, start_date: '2027-01-01' })])).toBeUndefined();
    expect(overallocatedRight([early, record({ share: 100, start_date: '2026-12-31' })])).toMatchObject({ day: '2026-12-31' });
    // An open start overlaps anything that has begun by then.
    expect(overallocatedRight([record({ share: 70, end_date: '2026-01-01' }), record({ share: 40, start_date: '2025-06-01', end_date: '2025-07-01' })])).toMatchObject({
      day: '2025-06-01',
      total: 11_000,
    });
  });

  it('is what RightsBody reports on `rights`', () => {
    const result = RightsBody.safeParse({ rights: [record({ share: 100 }), record({ share: 100, territory_codes: ['fr'] })] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rights', 'The master shares add up to 200.00 in FR; shares of one type may not exceed 100 where they overlap.'],
    ]);
  });
});

describe('TrackCreditsBody shares', () => {
  const writer = (share: number | string, role = 'composer') => ({ writer_id: crypto.randomUUID(), role, share });

  it('accepts sums within 0.01 of 100 and refuses the rest', () => {
    expect(TrackCreditsBody.safeParse({ writers: [writer(33.33), writer('33.33'), writer(33.33)] }).success).toBe(true);
    expect(TrackCreditsBody.safeParse({ writers: [writer(33.33), writer(33.33), writer(33.32)] }).success).toBe(false);
    expect(TrackCreditsBody.safeParse({ writers: [writer(0.1), writer(0.2), writer(99.7)] }).success).toBe(true);
  });

  it('refuses more than two decimals and values outside 0–100', () => {
    for (const share of [50.005, -1, 100.01, '1e2', '50.']) {
      expect(TrackCreditsBody.safeParse({ writers: [writer(share)] }).success).toBe(false);
    }
  });
});
