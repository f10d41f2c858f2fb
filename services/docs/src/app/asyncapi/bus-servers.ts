import { eventStreamName, subjectPrefix } from '@sv/contracts';
import type { SecurityScheme, Server } from './asyncapi-types.ts';

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

/** The name of the bus's security scheme in components.securitySchemes. */
export const BUS_SECURITY_SCHEME = 'natsNkey';

/** How a connection authenticates: the server's nonce signed with the identity's nkey (ed25519). */
export const busSecurityScheme = (): SecurityScheme => ({
  type: 'asymmetricEncryption',
  description: [
    'NATS nkey authentication: the client signs the server\'s nonce with its ed25519 nkey seed and the server',
    'checks the signature against the public key in the environment\'s account. An internal subscriber\'s seed',
    'comes from `bus subscriber --name N` (shown once); its permissions: subscribe to the events it was given and',
    'to its inbox prefix `_INBOX.subscriber.<name>`; publish only the JetStream API requests that create, read,',
    'acknowledge and delete its own durable consumers (named in `--consumers`, default its name) on the',
    'environment\'s stream. No api subject, no event subject to publish, no other consumer.',
  ].join(' '),
  'x-nats-auth': 'nkey',
});

export const busServer = ({ name, host }: BusEnvironment): Server => ({
  host,
  protocol: 'nats',
  title: `${name} event bus`,
  description: [
    `The ${name} account: subjects under \`${subjectPrefix(name)}\`, events in the JetStream stream \`${environmentStream(name)}\`.`,
    'Connections use TLS and need credentials of their own: one nkey per bus identity (`BUS_IDENTITIES`), whose',
    'permissions come from `BUS_ROLES` in `packages/contracts/src/bus-permissions.ts`. A connection without',
    'credentials is refused. A subscriber outside the platform gets an nkey of its own from the operator command',
    '(`bus subscriber --name N [--events P,…]`, docs/subscribers.md): it may read events through durable consumers named for it, nothing else.',
  ].join(' '),
  security: [{ $ref: `#/components/securitySchemes/${BUS_SECURITY_SCHEME}` }],
  'x-jetstream-stream': environmentStream(name),
  'x-subject-prefix': subjectPrefix(name),
});
