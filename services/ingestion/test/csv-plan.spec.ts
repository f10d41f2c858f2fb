import { Readable } from 'node:stream';
import { Messages } from '@sv/contracts';
import { UnreadableSubmissionError, type JobPlan } from '../src/app/jobs/job-plan.ts';
import { CSV_NO_ROWS, planCsv } from '../src/app/csv/csv-plan.ts';
import { CSV_NOT_UTF8, csvTooLarge, csvTooManyRows } from '../src/app/csv/csv-sheet.ts';

/*
 * The CSV planner: rows read as they stream in, grouped into releases, each release validated
 * on its own with every problem at its spreadsheet cell (`row N, column X`, the header is row 1).
 */

const JOB = '6f1c1a0e-0000-4000-8000-000000000001';
const HEADER = 'upc,title,type,release_date,genre,artist_name,track_title,explicit,isrc,duration,track_position,disc_number';

const streamOf = (text: string | Buffer): Readable => Readable.from([Buffer.isBuffer(text) ? text : Buffer.from(text)]);
const csv = (...rows: string[]): string => `${[HEADER, ...rows].join('\n')}\n`;
const plan = (text: string | Buffer, limits?: { maxRows: number; maxBytes: number }): Promise<JobPlan> => planCsv(streamOf(text), JOB, limits);

/** What makes a plan fail as a whole: its message and errors. */
const unreadable = async (text: string | Buffer, limits?: { maxRows: number; maxBytes: number }) => {
  const error = await plan(text, limits).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UnreadableSubmissionError);
  return error as UnreadableSubmissionError;
};

const UPC = '012345678905';

describe('planCsv', () => {
  it('groups rows by UPC, and by title and artist when the UPC is blank, each release with its tracks in file order', async () => {
    const result = await plan(
      csv(
        `${UPC},Night Drive,EP,2027-03-05,Electronic,Nova,Part 1,false,QZES72600001,3:35,,`,
        ',Morning Light,single,2027-04-09,Pop,Nova,Morning Light,yes,,215,,',
        `${UPC},Night Drive,ep,2027-03-05,Electronic,Nova,Part 2,0,QZES72600002,1:02:05,,`,
        ',Morning Light,single,2027-04-09,Pop,Other Artist,Morning Light,no,,,,',
        ',Morning Light,,,,Nova,Morning Light (Acoustic),1,,,,',
      ),
    );
    expect(result).toMatchObject({ failed: 0, total: 3 });
    expect(result.errors).toEqual({});
    expect(result.items.map((item) => [item.path, item.body.import_key, item.body.artist_name, item.body.release.title])).toEqual([
      ['row 2', `${JOB}:0`, 'Nova', 'Night Drive'],
      ['row 3', `${JOB}:1`, 'Nova', 'Morning Light'],
      ['row 5', `${JOB}:2`, 'Other Artist', 'Morning Light'],
    ]);
    const [ep, single] = result.items.map((item) => item.body.release);
    expect(ep).toMatchObject({ upc: UPC, type: 'ep', release_date: '2027-03-05', genre: 'Electronic' });
    expect(ep!.tracks.map((track) => [track.title, track.position, track.explicit, track.isrc, track.duration])).toEqual([
      ['Part 1', 1, false, 'QZES72600001', 215],
      ['Part 2', 2, false, 'QZES72600002', 3725],
    ]);
    // Blank release cells take the release's values; a blank position is the row's place on its disc.
    expect(single!.tracks.map((track) => [track.title, track.position, track.explicit])).toEqual([
      ['Morning Light', 1, true],
      ['Morning Light (Acoustic)', 2, true],
    ]);
  });

  it('joins a row without a UPC to the release with a UPC of the same title and artist, and numbers positions per disc', async () => {
    const result = await plan(
      csv(
        ',Night Drive,album,2027-03-05,Electronic,Nova,Intro,false,,,,1',
        `${UPC},Night Drive,album,2027-03-05,Electronic,Nova,Outro,false,,,,1`,
        ',Night Drive,album,2027-03-05,Electronic,Nova,Bonus,false,,,,2',
      ),
    );
    expect(result.total).toBe(1);
    expect(result.items[0]!.body.release.upc).toBe(UPC);
    expect(result.items[0]!.body.release.tracks.map((track) => [track.title, track.disc_number, track.position])).toEqual([
      ['Intro', 1, 1],
      ['Outro', 1, 2],
      ['Bonus', 2, 1],
    ]);
  });

  it('reads UTF-8 with a byte order mark, header names in any case and spacing, and ignores unknown columns', async () => {
    const text = `\uFEFFTitle, Type ,Release Date,GENRE,Track-Title,explicit,Internal Notes\nCafé Nuit,single,2027-01-01,Jazz,Été,false,check mix\n`;
    const result = await plan(Buffer.from(text, 'utf8'));
    expect(result).toMatchObject({ failed: 0, total: 1 });
    expect(result.errors).toEqual({});
    expect(result.items[0]!.body.release).toMatchObject({ title: 'Café Nuit', tracks: [{ title: 'Été' }] });
  });

  it('keeps quoted values whole (commas, quotes, line breaks), and counts a quoted value spanning lines as one row', async () => {
    const result = await plan(
      csv(
        ',"Night Drive, Vol. 1",single,2027-03-05,Electronic,Nova,"Part ""One""\nand Two",false,,,,',
        ',Second,single,2027-03-05,Electronic,Nova,Track,false,BAD,,,',
      ),
    );
    expect(result.items.map((item) => item.body.release.tracks[0]!.title)).toEqual(['Part "One"\nand Two']);
    expect(result.items[0]!.body.release.title).toBe('Night Drive, Vol. 1');
    // The second record is on lines 4-5 of the file but is row 3 of the sheet.
    expect(Object.keys(result.errors)).toEqual(['row 3, column isrc']);
  });

  it('reports a bad row at its cell and fails its release only; the other releases plan', async () => {
    const result = await plan(
      csv(
        ',Good One,single,2027-03-05,Electronic,Nova,A,false,QZES72600001,,,',
        ',Bad One,ep,2027-03-05,Electronic,Nova,B,false,QZES72600002,,,',
        ',Bad One,ep,2027-03-05,Electronic,Nova,C,maybe,NOT-AN-ISRC,4:75,x,',
        ',Good Two,single,2027-03-05,Electronic,Nova,D,false,,,,',
      ),
    );
    expect(result).toMatchObject({ total: 3, failed: 1 });
    expect(result.items.map((item) => item.body.release.title)).toEqual(['Good One', 'Good Two']);
    expect(result.errors).toEqual({
      'row 4, column isrc': [expect.stringContaining('12-character ISRC')],
      'row 4, column explicit': ['The explicit must be true, false, yes, no, 1 or 0.'],
      'row 4, column duration': ['The duration must be seconds (215) or minutes:seconds (3:35).'],
      'row 4, column track_position': ['The track_position must be a whole number.'],
    });
  });

  it('reports schema refusals at the release cell they concern, including blank required values', async () => {
    const result = await plan(csv(',Untyped,LP,2027-02-30,Electronic,Nova,,false,,,,', `,,single,2027-03-05,Electronic,Nova,Orphan,false,,,,`));
    expect(result).toMatchObject({ total: 2, failed: 2, items: [] });
    expect(result.errors).toEqual({
      'row 2, column type': ['The type must be single, ep or album.'],
      'row 2, column release_date': ['The release_date must be a real date written YYYY-MM-DD.'],
      'row 2, column track_title': ['The track_title field is required.'],
      'row 3, column title': [expect.any(String)],
    });
  });

  it('refuses release values that differ across the rows of one release, at the differing cell', async () => {
    const result = await plan(
      csv(
        `${UPC},Night Drive,ep,2027-03-05,Electronic,Nova,Part 1,false,,,,`,
        `${UPC},Night Drive,ep,2027-03-06,Electronic,Nova,Part 2,false,,,,`,
        // No UPC, but the release's title (in other case and spacing) and artist: it joins, and differs.
        `,night  drive,ep,,Electronic,NOVA,Part 3,false,,,,`,
      ),
    );
    expect(result).toMatchObject({ total: 1, failed: 1, items: [] });
    expect(result.errors).toEqual({
      'row 3, column release_date': ['The release_date differs from row 2 ("2027-03-05"): the rows of one release must agree.'],
      'row 4, column title': ['The title differs from row 2 ("Night Drive"): the rows of one release must agree.'],
      'row 4, column artist_name': ['The artist_name differs from row 2 ("Nova"): the rows of one release must agree.'],
    });
  });

  it('skips blank rows but keeps their numbers, and reports a row longer than the header', async () => {
    const result = await plan(csv('', ',,,,,,,,,,,', ',Late,single,2027-03-05,Electronic,Nova,Track,false,,,,,surplus'));
    expect(result).toMatchObject({ total: 1, failed: 1 });
    expect(result.errors).toEqual({ 'row 4': ['The row has more values than the header has columns.'] });
  });

  it('fails the job on a CSV syntax error, naming its line', async () => {
    const error = await unreadable(csv(',Fine,single,2027-03-05,Electronic,Nova,A,false,,,,', ',Broken,single,2027-03-05,Electronic,Nova,B "quoted" badly,false,,,,'));
    expect(error.message).toBe('The CSV could not be read; see validation_errors.');
    expect(Object.keys(error.errors)).toEqual(['line 3']);
    const unclosed = await unreadable(csv(',"Never closed,single'));
    expect(Object.keys(unclosed.errors)[0]).toMatch(/^line \d+$/);
  });

  it('fails the job past the row cap and the byte cap, and on a file that is not UTF-8', async () => {
    const rows = Array.from({ length: 4 }, (_, index) => `,R${index},single,2027-03-05,Electronic,Nova,T,false,,,,`);
    await expect(plan(csv(...rows.slice(0, 3)), { maxRows: 3, maxBytes: 1_000_000 })).resolves.toMatchObject({ total: 3 });
    const tooMany = await unreadable(csv(...rows), { maxRows: 3, maxBytes: 1_000_000 });
    expect(tooMany.message).toBe(csvTooManyRows(3));
    expect(Object.keys(tooMany.errors)).toEqual(['row 5']);

    const tooLarge = await unreadable(csv(...rows), { maxRows: 100, maxBytes: 200 });
    expect(tooLarge.message).toBe(csvTooLarge(200));

    const latin1 = Buffer.from(csv(',Café,single,2027-03-05,Jazz,Nova,T,false,,,,'), 'latin1');
    expect((await unreadable(latin1)).message).toBe(CSV_NOT_UTF8);
  });

  it('fails the job of a file without the required header columns, without rows, or naming a column twice', async () => {
    expect((await unreadable('title,isrc\nA,B\n')).message).toBe(Messages.csvHeader);
    expect((await unreadable('')).message).toBe(Messages.csvHeader);
    expect((await unreadable(`${HEADER}\n\n`)).message).toBe(CSV_NO_ROWS);
    const twice = await unreadable('title,track_title,ISRC,isrc\nA,B,,\n');
    expect(twice.errors).toEqual({ 'row 1, column isrc': ['The isrc column appears more than once in the header.'] });
  });

  it("names each row's audio and the release's cover for the import to attach, the cover agreed across the rows", async () => {
    const header = 'title,type,release_date,genre,artist_name,track_title,explicit,disc_number,isrc,artwork_file,audio_file';
    const planned = await plan(
      [
        header,
        'Files,ep,2027-03-05,Pop,Nova,One,no,,QZES72600011,cover.jpg,audio/one.wav',
        'Files,ep,2027-03-05,Pop,Nova,Two,no,2,,,https://files.example.com/two.flac',
        'Files,ep,2027-03-05,Pop,Nova,Three,no,,,cover.jpg,',
        'Bare,single,2027-03-05,Pop,Nova,Solo,no,,,,',
        'Clash,ep,2027-03-05,Pop,Nova,A,no,,,a.jpg,',
        'Clash,ep,2027-03-05,Pop,Nova,B,no,,,b.jpg,',
        '',
      ].join('\n'),
    );
    expect(planned.items.map((item) => [item.body.release.title, item.media])).toEqual([
      [
        'Files',
        {
          audio: [
            { track: { position: 1, disc_number: 1, isrc: 'QZES72600011' }, file: { uri: 'audio/one.wav' } },
            { track: { position: 1, disc_number: 2 }, file: { uri: 'https://files.example.com/two.flac' } },
          ],
          artwork: { uri: 'cover.jpg' },
        },
      ],
      ['Bare', undefined],
    ]);
    expect(planned.failed).toBe(1);
    expect(planned.errors['row 7, column artwork_file']).toEqual([expect.stringContaining('row 6 ("a.jpg")')]);
  });
});
