import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/* Configuration is read from the environment in each service's src/config.ts only; the lint rules keep it so. */

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ENV_RULES = ['no-restricted-properties', 'no-restricted-syntax', 'no-restricted-imports'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

const envProblems = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? '').filter((rule) => ENV_RULES.includes(rule));
};

describe('reading the environment', () => {
  it.each([
    ['process.env', 'export const port = process.env.SV_HTTP_PORT;\n'],
    ['a destructured env', 'const { env } = process;\nexport const port = env.SV_HTTP_PORT;\n'],
    ['globalThis.process.env', 'export const port = globalThis.process.env.SV_HTTP_PORT;\n'],
    ['env imported from node:process', "import { env } from 'node:process';\nexport const port = env.SV_HTTP_PORT;\n"],
    ['node:process imported whole', "import proc from 'node:process';\nexport const port = proc.env.SV_HTTP_PORT;\n"],
  ])('is refused outside config.ts: %s', async (_name, code) => {
    expect(await envProblems('services/gateway/src/app/mail/leak.ts', code)).toHaveLength(1);
    expect(await envProblems('packages/platform/src/http/leak.ts', code)).toHaveLength(1);
  });

  it("is allowed in a service's config.ts, by its readConfig only as a default", async () => {
    expect(await envProblems('services/gateway/src/config.ts', 'export const readConfig = (env: Record<string, string | undefined> = process.env) => env;\n')).toEqual([]);
    expect(await envProblems('services/gateway/src/config.ts', 'export const readOther = (env: Record<string, string | undefined> = process.env) => env;\n')).toEqual([
      'no-restricted-syntax',
    ]);
  });
});
