import { readFileSync } from 'node:fs';
import { UnreadableSubmissionError } from '../src/app/jobs/job-plan.ts';
import { planDdex } from '../src/app/ddex/ddex-plan.ts';
import { ddexHoldsUnstorableText, ddexUnstorableText } from '../src/app/ddex/ddex-unstorable-text.ts';

/*
 * A DDEX message whose text or attribute values hold NUL or a lone surrogate (as the character or
 * as a character reference) fails its job at planning with the element path of each, rather than
 * with the parser's "not well-formed" that names no element. API and SFTP messages both plan here.
 */

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');
const JOB = '6f1c1a0e-0000-4000-8000-000000000004';
const LIMITS = { maxBytes: 20 * 1024 * 1024, timeoutMs: 60_000 };

const TITLE = '/NewReleaseMessage/ReleaseList/Release/ReferenceTitle/TitleText';
const SEQUENCE = '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/DisplayArtist/@SequenceNumber';

const replaceOnce = (xml: string, from: string, to: string): string => {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`the sample has no ${from}`);
  return changed;
};

/** The sample with its release's reference title, and its display artist's sequence number when given, changed. */
const changed = (title: string, sequence?: string): string => {
  const xml = replaceOnce(
    sample('ern382/audius_track_basic.xml'),
    '<ReleaseReference>RL1</ReleaseReference>\n      <ReferenceTitle>\n        <TitleText>Example Song</TitleText>',
    `<ReleaseReference>RL1</ReleaseReference>\n      <ReferenceTitle>\n        <TitleText>${title}</TitleText>`,
  );
  return sequence === undefined ? xml : replaceOnce(xml, '<DisplayArtist SequenceNumber="1">', `<DisplayArtist SequenceNumber="${sequence}">`);
};

const refusal = async (xml: string): Promise<UnreadableSubmissionError> => {
  const outcome = await planDdex(xml, JOB, LIMITS).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(UnreadableSubmissionError);
  return outcome as UnreadableSubmissionError;
};

const lineOf = (xml: string, fragment: string): number => xml.slice(0, xml.indexOf(fragment)).split('\n').length;

describe('a DDEX message with text that cannot be stored', () => {
  it('fails the job naming the element of a NUL and the attribute of a &#0;, each with its line', async () => {
    const xml = changed('Example\u0000Song', '1&#0;');
    const error = await refusal(xml);
    expect(error.message).toBe(ddexHoldsUnstorableText(TITLE, 'a NUL character'));
    expect(error.errors).toEqual({
      [TITLE]: [`line ${lineOf(xml, 'Example\u0000Song')}: ${ddexUnstorableText('a NUL character')}`],
      [SEQUENCE]: [`line ${lineOf(xml, '1&#0;')}: ${ddexUnstorableText('a NUL character')}`],
    });
  }, 60_000);

  it('names a lone surrogate written as a character reference', async () => {
    const error = await refusal(changed('Example &#xDC00;Song'));
    expect(error.message).toBe(ddexHoldsUnstorableText(TITLE, 'an unpaired UTF-16 surrogate'));
    expect(Object.keys(error.errors)).toEqual([TITLE]);
  }, 60_000);

  it('plans the message when its text can be stored, an emoji written as a character reference included', async () => {
    const plan = await planDdex(changed('Example &#x1F3B5; Song'), JOB, LIMITS);
    expect(plan).toMatchObject({ failed: 0, total: 1, errors: {} });
    expect(plan.items).toHaveLength(1);
  }, 60_000);
});
