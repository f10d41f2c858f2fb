import { DomainError, UnavailableError } from '@sv/platform';

/** One line for the operator: a domain error with its fields named as the flags that carry them. */
export const describeAdminError = (error: unknown): string => {
  if (error instanceof DomainError && error.fields && Object.keys(error.fields).length > 0) {
    const details = Object.entries(error.fields).map(([field, messages]) => `--${field}: ${messages.join(' ')}`);
    return `${error.message}: ${details.join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
};

/** The bus a command used, as the operator can check it; never its credentials. */
export interface AdminBus {
  /** The NATS address(es), any user or password in them removed. */
  url: string;
  environment: string;
  subjectPrefix: string;
}

/** A NATS address with any `user:password@` taken out: the error must not print a secret. */
export const redactNatsUrl = (url: string): string =>
  url
    .split(',')
    .map((server) => server.trim().replace(/^([a-z]+:\/\/)?[^@/]*@/i, (_match, scheme: string | undefined) => `${scheme ?? ''}***@`))
    .join(',');

const where = (bus: AdminBus): string => `NATS ${bus.url}, environment ${bus.environment} (SV_ENV, --env), subject prefix ${bus.subjectPrefix}`;

const ADDRESS_CHECK = 'is SV_NATS_URL the address of the bus the platform uses (unset, `npm run -s admin` takes the one `npm start` recorded in var/nats.env)?';

/** No replica answered a request, or none in time: which bus was asked, and what to check. */
export const noAnswerMessage = (bus: AdminBus, service: string | undefined, timedOut: boolean): string => {
  const who = service ? `the ${service} service` : 'the service asked';
  const what = timedOut ? `${who} did not answer in time` : `no replica of ${who} answers`;
  return [
    `${what[0]!.toUpperCase()}${what.slice(1)} (${where(bus)}).`,
    `Check: is the platform running (npm start)? ${ADDRESS_CHECK.replace(/^is/, 'Is')}`,
    `Does ${who} report ready (npm run -s admin -- status${bus.environment === 'sandbox' ? ' --env sandbox' : ''}, or its /health/ready on its probe port)?`,
  ].join(' ');
};

/** An error met while connecting to NATS: refused, unreachable or not authorised. */
export const natsConnectMessage = (bus: AdminBus, error: unknown): string => {
  const reason = describeAdminError(error);
  const refusedCredentials = /authori[sz]ation|authentication|permissions|user|nkey|credentials/i.test(reason);
  const cause = refusedCredentials
    ? `NATS at ${bus.url} refused the operator's credentials (${reason})`
    : `cannot reach NATS at ${bus.url} (${reason})`;
  const check = refusedCredentials
    ? 'Check: does SV_NATS_CREDENTIALS name the admin identity\'s credentials of this environment (`npm start` writes the local ones)?'
    : `Check: is the platform running (npm start)? ${ADDRESS_CHECK.replace(/^is/, 'Is')}`;
  return `${cause[0]!.toUpperCase()}${cause.slice(1)}; environment ${bus.environment} (SV_ENV, --env), subject prefix ${bus.subjectPrefix}. ${check}`;
};

/** A request no replica answered (or none in time), named by the service it was for. */
export class AdminNoAnswerError extends Error {
  readonly service: string | undefined;
  readonly timedOut: boolean;

  constructor(service: string | undefined, timedOut: boolean, bus: AdminBus) {
    super(noAnswerMessage(bus, service, timedOut));
    this.name = 'AdminNoAnswerError';
    this.service = service;
    this.timedOut = timedOut;
  }
}

/** The kit's "no replica answered" (no responders or a timeout); anything else is not. */
export const noAnswerKind = (error: unknown): 'none' | 'timeout' | undefined => {
  if (!(error instanceof UnavailableError)) return undefined;
  if (error.code === 'service_unreachable') return 'none';
  if (error.code === 'service_timeout') return 'timeout';
  return undefined;
};
