import { TextSafetyMessages } from '@sv/platform';
import { planBulk } from '../src/app/channels/bulk-plan.ts';

/*
 * A bulk batch's releases are validated one by one; one whose text Postgres cannot store (NUL, a
 * lone surrogate) fails at its item and field, where the schema alone would pass it on to the
 * catalogue. The gateway refuses such bodies already; a batch stored by any other way is held to it too.
 */

const JOB = '6f1c1a0e-0000-4000-8000-000000000003';

const release = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Night Drive',
  type: 'single',
  release_date: '2027-03-05',
  genre: 'Pop',
  tracks: [{ title: 'Night Drive', position: 1, explicit: false }],
  ...overrides,
});

describe('planBulk and text that cannot be stored', () => {
  it('fails the release with NUL or a lone surrogate at its item and field, and plans the others', () => {
    const plan = planBulk(
      {
        releases: [
          release(),
          release({ title: 'Night\u0000Drive' }),
          release({ tracks: [{ title: 'ok', position: 1, explicit: false }, { title: 'x\ud800', position: 2, explicit: false }] }),
        ],
      },
      JOB,
    );
    expect(plan).toMatchObject({ failed: 2, total: 3 });
    expect(plan.items.map((item) => item.path)).toEqual(['releases[0]']);
    expect(plan.errors).toEqual({
      'releases[1].title': [TextSafetyMessages.nul('title')],
      'releases[2].tracks[1].title': [TextSafetyMessages.loneSurrogate('tracks.1.title')],
    });
  });
});
