import { mailSealingKey, openMailBody } from '../src/app/mail/mail-sealing.ts';

describe('mail bodies queued before the shared sealing helper', () => {
  // Sealed by the earlier implementation: the key derivation and the format must not drift.
  const tokenSecret = 'a token secret written before the shared helper';
  const stored = 'v1.dYpn_H6WcYfnjlcM.YEA9W53P8fSkKKNcmtCcFw.N7hy3hZQE77aM9Vqu2XChUOuqtg';

  it('still open under the key derived from the same token secret', () => {
    expect(openMailBody(mailSealingKey(tokenSecret), stored)).toBe('Your code is 482913.');
  });

  it('do not open under another token secret', () => {
    expect(() => openMailBody(mailSealingKey(`${tokenSecret} rotated`), stored)).toThrow();
  });
});
