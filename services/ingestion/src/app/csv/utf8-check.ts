import { Transform } from 'node:stream';

export class CsvNotUtf8Error extends Error {
  override name = 'CsvNotUtf8Error';
}

/**
 * Passes bytes through unchanged while checking that they are UTF-8: a file saved in a legacy
 * encoding would otherwise import its accented titles as replacement characters.
 */
export const utf8Check = (): Transform => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const checked = (decode: () => void, done: (error?: Error | null) => void): void => {
    try {
      decode();
      done();
    } catch {
      done(new CsvNotUtf8Error('The CSV is not UTF-8 text.'));
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      checked(() => decoder.decode(chunk, { stream: true }), (error) => (error ? done(error) : done(null, chunk)));
    },
    flush(done) {
      checked(() => decoder.decode(), done);
    },
  });
};
