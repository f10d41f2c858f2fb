import type { ApiResponse } from '@sv/testing';

/* The error bodies of the spec, as tests expect them (from the gateway or a service's own reply). */

/** A gateway response, or a service's parsed reply over NATS. */
type Reply = { status: number; body?: unknown };

/** 422 `Validation failed` naming exactly these fields (or exactly these field messages). */
export const expectValidation = (response: ApiResponse, fields: string[] | Record<string, string[]>): void => {
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 422, body: { success: false, error: 'Validation failed' } });
  if (Array.isArray(fields)) expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
  else expect(response.body.errors).toEqual(fields);
};

/** Exactly `{success: false, error}` with this status. */
export const expectError = (response: Reply, status: number, error: string): void => {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { success: false, error } });
};

/** 409 with this message, naming `field` as the one in conflict. */
export const expectConflict = (response: ApiResponse, error: string, field: string): void => {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status: 409,
    body: { success: false, error, errors: { [field]: [expect.any(String)] } },
  });
};
