import type { ServiceReply } from '@sv/contracts';

/** Reply shapers for operation handlers: the status is part of the contract, so name it. */
export const ok = (body: unknown, headers: Record<string, string> = {}): ServiceReply => ({ status: 200, headers, body });
export const created = (body: unknown): ServiceReply => ({ status: 201, body });
export const accepted = (body: unknown): ServiceReply => ({ status: 202, body });
export const noContent = (): ServiceReply => ({ status: 204 });
