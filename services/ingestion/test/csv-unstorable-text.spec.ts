import { Readable } from 'node:stream';
import { UnreadableSubmissionError } from '../src/app/jobs/job-plan.ts';
import { planCsv } from '../src/app/csv/csv-plan.ts';
import { csvHoldsUnstorableText, csvUnstorableCell } from '../src/app/csv/csv-unstorable-cells.ts';

/*
 * A CSV with text Postgres cannot store (a NUL byte; a lone surrogate cannot arrive, since the file
 * must be UTF-8) fails its job as a whole at planning, naming the row and column, instead of
 * reaching the catalogue as a release it cannot save. The API and SFTP channels both plan here.
 */

const JOB = '6f1c1a0e-0000-4000-8000-000000000002';
const HEADER = 'title,type,release_date,genre,artist_name,track_title,explicit';

const planOf = (text: string): Promise<unknown> => planCsv(Readable.from([Buffer.from(text, 'utf8')]), JOB);

const refusal = async (text: string): Promise<UnreadableSubmissionError> => {
  const outcome = await planOf(text).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(UnreadableSubmissionError);
  return outcome as UnreadableSubmissionError;
};

describe('a CSV holding NUL', () => {
  it('fails as a whole, the job error and validation_errors naming the row and column of the cell', async () => {
    const text = [HEADER, 'Night Drive,single,2027-03-05,Pop,Nova,Part 1,no', 'Morning Light,single,2027-04-09,Pop,Nova,Morn\u0000ing,no', ''].join('\n');
    const error = await refusal(text);
    expect(error.message).toBe(csvHoldsUnstorableText('row 3, column track_title', 'a NUL character'));
    expect(error.errors).toEqual({ 'row 3, column track_title': [csvUnstorableCell('track_title', 'a NUL character')] });
  });

  it('names every such cell, a quoted one and one in a release column, and a header cell by its position', async () => {
    const text = [`${HEADER},no\u0000te`, '"Night\u0000 Drive",single,2027-03-05,Pop,Nova,Part 1,no', 'Morning,single,2027-04-09,Pop,Nova,\u0000,no', ''].join('\n');
    const error = await refusal(text);
    expect(error.errors).toEqual({
      'row 1, column 8': [csvUnstorableCell('value in column 8', 'a NUL character')],
      'row 2, column title': [csvUnstorableCell('title', 'a NUL character')],
      'row 3, column track_title': [csvUnstorableCell('track_title', 'a NUL character')],
    });
    expect(error.message).toBe(csvHoldsUnstorableText('row 1, column 8', 'a NUL character'));
  });

  it('a file saved as UTF-16 (a NUL beside every letter) is refused with a bounded list of cells', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => `Title ${index},single,2027-03-05,Pop,Nova,Track,no`);
    const utf16 = Buffer.from([HEADER, ...rows, ''].join('\n'), 'utf16le').toString('latin1');
    const error = await refusal(utf16);
    expect(Object.keys(error.errors)).toHaveLength(20);
    expect(error.message).toBe(csvHoldsUnstorableText('row 1, column 1', 'a NUL character'));
  });

  it('the same file without the NUL plans its releases', async () => {
    const text = [HEADER, 'Morning Light,single,2027-04-09,Pop,Nova,Morning,no', ''].join('\n');
    await expect(planOf(text)).resolves.toMatchObject({ failed: 0, total: 1, errors: {} });
  });
});
