import { hashPassword, verifyPassword } from '../src/app/users/password.ts';

describe('password hashing', () => {
  const password = 'correct horse battery staple';
  let stored: string;

  beforeAll(async () => {
    stored = await hashPassword(password);
  });

  it('verifies the password it hashed', async () => {
    await expect(verifyPassword(password, stored)).resolves.toBe(true);
  });

  it('refuses a wrong password, including near misses', async () => {
    await expect(verifyPassword('correct horse battery stapl', stored)).resolves.toBe(false);
    await expect(verifyPassword('Correct horse battery staple', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('never contains the plaintext, in any encoding', () => {
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(Buffer.from(password).toString('base64'));
    expect(stored).not.toContain(Buffer.from(password).toString('hex'));
    expect(stored.startsWith('scrypt$')).toBe(true);
  });

  it('salts every hash, so the same password hashes differently and both verify', async () => {
    const again = await hashPassword(password);
    expect(again).not.toBe(stored);
    await expect(verifyPassword(password, again)).resolves.toBe(true);
  });

  it('refuses stored values that are not a well-formed scrypt hash', async () => {
    await expect(verifyPassword(password, '')).resolves.toBe(false);
    await expect(verifyPassword(password, password)).resolves.toBe(false);
    await expect(verifyPassword(password, stored.replace(/^scrypt/, 'bcrypt'))).resolves.toBe(false);
    await expect(verifyPassword(password, stored.split('$').slice(0, 5).join('$'))).resolves.toBe(false);
  });
});
