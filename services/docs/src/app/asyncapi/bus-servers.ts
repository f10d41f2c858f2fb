import { eventStreamName, subjectPrefix } from '@sv/contracts';
import type { Server } from './asyncapi-types.ts';

/** One environment's bus: its name (the `<env>` of `sv.<env>`) and the NATS address to connect to. */
export interface BusEnvironment {
  name: string;
  host: string;
}

/** Both environments share one NATS cluster (deploy/k8s/base), each an account of its own. */
const CLUSTER_HOST = 'nats.sv-infra.svc.cluster.local:4222';

export const DEFAULT_BUS_ENVIRONMENTS: readonly BusEnvironment[] = [
  { name: 'production', host: CLUSTER_HOST },
  { name: 'sandbox', host: CLUSTER_HOST },
];

/** The environment's JetStream stream, which holds every event of its channels. */
export const environmentStream = (environment: string): string => eventStreamName(subjectPrefix(environment));

export const busServer = ({ name, host }: BusEnvironment): Server => ({
  host,
  protocol: 'nats',
  title: `${name} event bus`,
  description: [
    `The ${name} account: subjects under \`${subjectPrefix(name)}\`, events in the JetStream stream \`${environmentStream(name)}\`.`,
    'Connections use TLS and need credentials of their own: one nkey per bus identity (`BUS_IDENTITIES`), whose',
    'permissions come from `BUS_ROLES` in `packages/contracts/src/bus-permissions.ts`. A connection without',
    'credentials is refused; a new subscriber needs an identity with JetStream access added there first.',
  ].join(' '),
  'x-jetstream-stream': environmentStream(name),
  'x-subject-prefix': subjectPrefix(name),
});
