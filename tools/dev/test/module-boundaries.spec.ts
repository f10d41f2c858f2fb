import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { REPO_ROOT } from '@sv/testing';

/** The lint rules that keep services apart: a service may not import another service. */
describe('module boundaries', () => {
  let eslint: ESLint;

  beforeAll(() => {
    // The rule reads Nx's project graph; make sure it is computed.
    execFileSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'show', 'projects'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
    eslint = new ESLint({ cwd: REPO_ROOT });
  }, 180_000);

  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
    return result?.messages.map((message) => message.ruleId) ?? [];
  };

  it('refuses a service importing another service by package name', async () => {
    const rules = await lint('services/gateway/src/leak.ts', "import { catalogueDefinition } from '@sv/catalogue';\nexport const leak = catalogueDefinition;\n");
    expect(rules).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses a service importing another service by relative path', async () => {
    const rules = await lint('services/catalogue/src/leak.ts', "import { startGateway } from '../../gateway/src/gateway.ts';\nexport const leak = startGateway;\n");
    expect(rules).toContain('@nx/enforce-module-boundaries');
  });

  it('allows a service to use the contracts and the service kit', async () => {
    const rules = await lint(
      'services/catalogue/src/fine.ts',
      "import { Messages } from '@sv/contracts';\nimport { NotFoundError } from '@sv/platform';\nexport const error = new NotFoundError(Messages.artistNotFound);\n",
    );
    expect(rules).not.toContain('@nx/enforce-module-boundaries');
  });

  it('refuses process.env outside config.ts', async () => {
    const rules = await lint('services/catalogue/src/app/leak.ts', 'export const port = process.env.PORT;\n');
    expect(rules).toContain('no-restricted-properties');
  });
});
