import type { NatsConnection } from '@nats-io/transport-node';
import { apiSubject, type ParsedServiceReply, type Principal, type ServiceName, type UploadedFile } from '@sv/contracts';
import { callService } from './rpc-client.ts';

/** Asks another service on the caller's behalf (its principal), over that service's api subject. */
export interface ServiceCaller {
  /** `files`: stored files handed on by reference, as the gateway hands on uploads. */
  call(
    service: ServiceName,
    operation: string,
    principal: Principal,
    params?: Record<string, string>,
    body?: unknown,
    files?: UploadedFile[],
  ): Promise<ParsedServiceReply>;
}

export const serviceCaller = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): ServiceCaller => ({
  call: (service, operation, principal, params = {}, body, files) =>
    callService(
      nc,
      apiSubject(subjectPrefix, service),
      { operation, params, principal, ...(body === undefined ? {} : { body }), ...(files ? { files } : {}) },
      timeoutMs,
    ),
});
