import { BUS_ROLES, SharedOperation, apiSubject, systemPrincipal, type ServiceName } from '@sv/contracts';
import type { AdminContext } from './admin-commands.ts';
import { AdminNoAnswerError, describeAdminError } from './admin-errors.ts';


/** How long one service has to answer; all are asked together. */
const READINESS_TIMEOUT_MS = 5_000;

/** The operator acts for no tenant. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/** Every service that answers requests on the bus (the contracts' bus roles). */
export const STATUS_SERVICES = Object.entries(BUS_ROLES)
  .filter(([, role]) => role.answers)
  .map(([identity]) => identity as ServiceName);

export type ServiceState = 'ready' | 'not_ready' | 'not_running' | 'not_answering' | 'not_checked';

export interface ServiceStatus {
  service: ServiceName;
  /** null: not known (the operator's bus identity may not ask it). */
  ready: boolean | null;
  state: ServiceState;
  detail: string;
}

export interface PlatformStatus {
  ready: boolean;
  environment: string;
  nats: string;
  subject_prefix: string;
  services: ServiceStatus[];
}

const isPermissionViolation = (error: unknown): boolean => error instanceof Error && /permissions? violation/i.test(error.message);

const checkService = async ({ ask, subjectPrefix }: AdminContext, service: ServiceName): Promise<ServiceStatus> => {
  const subject = apiSubject(subjectPrefix, service);
  try {
    const reply = await ask(service, { operation: SharedOperation.ready, principal: systemPrincipal(NO_TENANT, 'admin') }, READINESS_TIMEOUT_MS);
    const body = reply.body as { status?: string; error?: string; checks?: Record<string, { ok?: boolean }> } | undefined;
    if (reply.status === 200 && (body?.status === undefined || body.status === 'ok')) return { service, ready: true, state: 'ready', detail: `ready, answers on ${subject}` };
    const failing = Object.entries(body?.checks ?? {})
      .filter(([, check]) => check.ok === false)
      .map(([name]) => name);
    return { service, ready: false, state: 'not_ready', detail: failing.length > 0 ? `failing: ${failing.join(', ')}` : `answered ${reply.status}` };
  } catch (error) {
    if (error instanceof AdminNoAnswerError) {
      return error.timedOut
        ? { service, ready: false, state: 'not_answering', detail: `no answer on ${subject} within ${READINESS_TIMEOUT_MS / 1000} s` }
        : { service, ready: false, state: 'not_running', detail: `no replica listens on ${subject}` };
    }
    if (isPermissionViolation(error)) {
      return { service, ready: null, state: 'not_checked', detail: `the operator's bus identity may not ask ${subject}` };
    }
    return { service, ready: false, state: 'not_answering', detail: describeAdminError(error) };
  }
};

/** `status`: every service asked at once; ready when every service that could be asked is. */
export const platformStatus = async (context: AdminContext): Promise<PlatformStatus> => {
  const services = await Promise.all(STATUS_SERVICES.map((service) => checkService(context, service)));
  return {
    ready: services.every((status) => status.ready !== false),
    environment: context.bus.environment,
    nats: context.bus.url,
    subject_prefix: context.bus.subjectPrefix,
    services,
  };
};

/** Why `status` exits non-zero: the services that are not ready; undefined when all are. */
export const statusProblem = (status: PlatformStatus): string | undefined => {
  const notReady = status.services.filter((service) => service.ready === false).map((service) => service.service);
  return notReady.length > 0 ? `Not ready: ${notReady.join(', ')} (environment ${status.environment}, NATS ${status.nats}).` : undefined;
};

/** `status` on a terminal: one line per service. */
export const statusLines = (status: PlatformStatus): string => {
  const width = Math.max(...status.services.map((service) => service.service.length));
  const stateWidth = Math.max(...status.services.map((service) => service.state.length));
  return [
    `environment ${status.environment}, NATS ${status.nats}, subject prefix ${status.subject_prefix}`,
    ...status.services.map((service) => `${service.service.padEnd(width)}  ${service.state.replace('_', ' ').padEnd(stateWidth)}  ${service.detail}`),
    statusProblem(status) ?? (status.services.some((service) => service.ready === null) ? 'ready, but for the services not checked' : 'all ready'),
    '',
  ].join('\n');
};
