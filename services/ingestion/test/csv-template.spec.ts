import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CSV_COLUMNS } from '../src/app/csv/csv-columns.ts';
import { planCsv } from '../src/app/csv/csv-plan.ts';

/*
 * The downloadable template and the column reference cannot drift from the columns the planner
 * reads: the template's header and the reference's tables list them in order, and the template's
 * example releases plan into valid items.
 */

const DOCS = new URL('../../../docs/', import.meta.url);
const template = readFileSync(new URL('ingestion-template.csv', DOCS));
const reference = readFileSync(new URL('ingestion-csv.md', DOCS), 'utf8');

describe('the CSV template and its reference', () => {
  it('has the documented columns, in order, as its header', () => {
    expect(template.toString('utf8').split('\n')[0]!.split(',')).toEqual([...CSV_COLUMNS]);
  });

  it('documents every column, in order, in the reference tables', () => {
    const documented = [...reference.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented).toEqual([...CSV_COLUMNS]);
  });

  it('plans into two valid releases', async () => {
    const plan = await planCsv(Readable.from([template]), 'template');
    expect(plan).toMatchObject({ total: 2, failed: 0 });
    expect(plan.errors).toEqual({});
    expect(plan.items.map((item) => [item.path, item.body.release.title, item.body.release.tracks.length])).toEqual([
      ['row 2', 'Night Drive', 2],
      ['row 4', 'Morning Light', 1],
    ]);
  });
});
