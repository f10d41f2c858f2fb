import { targetUrlProblem } from '../src/app/subscriptions/target-url.ts';

/** A resolver answering from a fixed table, so the policy is tested without DNS. */
const resolver = (table: Record<string, string[]>) => async (host: string) => {
  const addresses = table[host];
  if (!addresses) throw new Error(`ENOTFOUND ${host}`);
  return addresses;
};

const resolve = resolver({
  'hooks.example.com': ['93.184.215.14'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
});

describe('targetUrlProblem', () => {
  it('accepts https to a host with only public addresses', async () => {
    await expect(targetUrlProblem('https://hooks.example.com/sv', false, resolve)).resolves.toBeUndefined();
    await expect(targetUrlProblem('https://93.184.215.14/sv', false, resolve)).resolves.toBeUndefined();
  });

  it('refuses http and other schemes unless private URLs are allowed', async () => {
    await expect(targetUrlProblem('http://hooks.example.com/sv', false, resolve)).resolves.toBe('The url must use https.');
    await expect(targetUrlProblem('ftp://hooks.example.com/sv', true, resolve)).resolves.toBe('The url must use https.');
    await expect(targetUrlProblem('http://127.0.0.1:9000/hook', true, resolve)).resolves.toBeUndefined();
  });

  it('refuses loopback, private and link-local targets, by literal or by resolution', async () => {
    const refused = 'The url must point to a public internet address (no loopback, private or link-local targets).';
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.1.10/hook',
      'https://internal.example.com/hook',
      'https://mixed.example.com/hook',
    ]) {
      await expect(targetUrlProblem(url, false, resolve)).resolves.toBe(refused);
    }
  });

  it('refuses unresolvable hosts, malformed URLs and URLs with credentials', async () => {
    await expect(targetUrlProblem('https://nowhere.example.com/hook', false, resolve)).resolves.toBe('The url host could not be resolved.');
    await expect(targetUrlProblem('not a url', false, resolve)).resolves.toBe('The url must be an absolute https:// URL.');
    await expect(targetUrlProblem('https://user:pw@hooks.example.com/', false, resolve)).resolves.toBe('The url must not carry credentials.');
  });
});
