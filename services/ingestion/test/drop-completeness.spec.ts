import { CompletenessTracker, type DropFile } from '../src/app/sftp/drop-entries.ts';

const file = (path: string, size = 10, modifiedAt = 1_000): DropFile => ({ path, size, modifiedAt });

describe('which drop folder deliveries are complete', () => {
  it('a delivery whose sizes and times are the same on two polls in a row', () => {
    const tracker = new CompletenessTracker();
    expect(tracker.isComplete('a/x.xml', [file('x.xml')])).toBe(false);
    expect(tracker.isComplete('a/x.xml', [file('x.xml')])).toBe(true);
  });

  it('not while it grows or is touched between polls', () => {
    const tracker = new CompletenessTracker();
    expect(tracker.isComplete('a/B', [file('B/r.xml', 10)])).toBe(false);
    expect(tracker.isComplete('a/B', [file('B/r.xml', 20)])).toBe(false);
    expect(tracker.isComplete('a/B', [file('B/r.xml', 20, 2_000)])).toBe(false);
    expect(tracker.isComplete('a/B', [file('B/r.xml', 20, 2_000), file('B/s.xml')])).toBe(false);
    expect(tracker.isComplete('a/B', [file('B/r.xml', 20, 2_000), file('B/s.xml')])).toBe(true);
  });

  it('a folder with its batch-complete marker at once', () => {
    expect(new CompletenessTracker().isComplete('a/B', [file('B/R1/r.xml'), file('B/BatchComplete_B.xml')])).toBe(true);
  });

  it('never while any file is *.part or *.tmp, marker or not, however long it stays', () => {
    const tracker = new CompletenessTracker();
    const files = [file('B/R1/r.xml'), file('B/R2/s.xml.part'), file('B/BatchComplete_B.xml')];
    for (let poll = 0; poll < 5; poll++) expect(tracker.isComplete('a/B', files)).toBe(false);
    expect(tracker.isComplete('a/C', [file('C/t.csv.TMP')])).toBe(false);
    expect(tracker.isComplete('a/C', [file('C/t.csv.TMP')])).toBe(false);
  });

  it('an empty folder never', () => {
    const tracker = new CompletenessTracker();
    expect(tracker.isComplete('a/E', [])).toBe(false);
    expect(tracker.isComplete('a/E', [])).toBe(false);
  });

  it('a delivery seen before and gone from incoming starts over when it comes back', () => {
    const tracker = new CompletenessTracker();
    expect(tracker.isComplete('a/x.xml', [file('x.xml')])).toBe(false);
    tracker.keepOnly(new Set());
    expect(tracker.isComplete('a/x.xml', [file('x.xml')])).toBe(false);
  });
});
