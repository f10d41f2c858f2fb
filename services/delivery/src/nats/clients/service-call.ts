import type { NatsConnection } from '@nats-io/transport-node';
import { Messages, apiSubject, type ParsedServiceReply, type Principal, type ServiceName } from '@sv/contracts';
import { callService } from '@sv/platform';

export interface ServiceCaller {
  call(service: ServiceName, operation: string, principal: Principal, params?: Record<string, string>, body?: unknown): Promise<ParsedServiceReply>;
}

export const serviceCaller = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ServiceCaller => ({
  call: (service, operation, principal, params = {}, body) =>
    callService(nc, apiSubject(subjectPrefix, service), { operation, params, principal, ...(body === undefined ? {} : { body }) }, timeoutMs),
});

/** A 404 that is about the record, not a service that does not know the operation. */
export const isRecordNotFound = (reply: ParsedServiceReply): boolean =>
  reply.status === 404 && (reply.body as { error?: unknown } | undefined)?.error !== Messages.endpointNotFound;
