import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@sv/testing';

/**
 * The Kubernetes manifests are what production runs on: they never switch on a development
 * allowance, and every secret a service refuses to start without comes from a Secret.
 */
const K8S = join(REPO_ROOT, 'deploy', 'k8s');
const manifests = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? manifests(join(directory, entry.name)) : entry.name.endsWith('.yaml') ? [join(directory, entry.name)] : [],
  );
const read = (name: string): string => readFileSync(join(K8S, 'base', name), 'utf8');

/** The variable's value source in a container's env: `name: VAR` followed by `valueFrom: secretKeyRef`. */
const fromSecret = (manifest: string, variable: string): boolean =>
  new RegExp(`- name: ${variable}\\n\\s+valueFrom:\\n\\s+secretKeyRef:`).test(manifest);

describe('the Kubernetes manifests', () => {
  it.each(['SV_LOCAL_DEVELOPMENT', 'SV_ALLOW_PRIVATE_URLS', 'SV_RATE_LIMIT_MULTIPLIER', 'SV_COOKIE_SECURE=0'])('never set %s', (variable) => {
    for (const file of manifests(K8S)) {
      const uncommented = readFileSync(file, 'utf8').replace(/#.*$/gm, '');
      expect({ file, sets: uncommented.includes(variable) }).toEqual({ file, sets: false });
    }
  });

  it.each([
    ['gateway-deployment.yaml', ['SV_TOKEN_SECRET', 'SV_BLOB_SIGNING_SECRET', 'SV_SMTP_URL']],
    ['catalogue-deployment.yaml', ['SV_BLOB_SIGNING_SECRET', 'SV_UPC_PREFIX', 'SV_ISRC_REGISTRANT']],
    ['webhooks-deployment.yaml', ['SV_WEBHOOK_SECRET_KEY']],
    ['ingestion-deployment.yaml', ['SV_BLOB_SIGNING_SECRET']],
    ['delivery-deployment.yaml', ['SV_BLOB_SIGNING_SECRET', 'SV_DDEX_PARTY_ID', 'SV_DELIVERY_SFTP_HOST_KEY']],
    ['royalties-deployment.yaml', ['SV_BLOB_SIGNING_SECRET']],
    ['analytics-deployment.yaml', ['SV_BLOB_SIGNING_SECRET']],
  ])('%s reads its secrets and identifiers from Secrets', (file, variables) => {
    for (const variable of variables) expect({ variable, fromSecret: fromSecret(read(file), variable) }).toEqual({ variable, fromSecret: true });
  });

  it.each(['gateway', 'catalogue', 'supply-chain', 'webhooks', 'ingestion', 'delivery', 'royalties', 'analytics'])('%s mounts its own bus credentials and the bus CA, and speaks TLS', (service) => {
    const manifest = read(`${service}-deployment.yaml`);
    expect(manifest).toMatch(new RegExp(`secretName: nats-${service}\\n`));
    expect(manifest).toContain('secretName: nats-ca');
    const settings = read('kustomization.yaml');
    expect(settings).toMatch(/- SV_NATS_URL=tls:\/\//);
    expect(settings).toContain('- SV_NATS_CREDENTIALS=/etc/sv/nats/credentials.nk');
  });
});
