import type { NatsConnection } from '@nats-io/transport-node';
import { apiSubject, type ParsedServiceReply, type Principal, type ServiceName } from '@sv/contracts';
import { callService } from '@sv/platform';

export interface ServiceCaller {
  call(service: ServiceName, operation: string, principal: Principal, params?: Record<string, string>, body?: unknown): Promise<ParsedServiceReply>;
}

export const serviceCaller = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ServiceCaller => ({
  call: (service, operation, principal, params = {}, body) =>
    callService(nc, apiSubject(subjectPrefix, service), { operation, params, principal, ...(body === undefined ? {} : { body }) }, timeoutMs),
});
