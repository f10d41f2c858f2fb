import type { ApiResponse } from '@sv/testing';
import type { Api } from './catalogue-world.ts';

/* Releases and tracks made through the API, as the precondition of a test (not its subject). */

const expectCreated = (response: ApiResponse, what: string, explain = ''): void => {
  if (response.status !== 201) throw new Error(`${what} create failed: ${response.status} ${response.text} ${explain}`.trimEnd());
};

/** POST /releases with exactly this body; answers the created release. */
export const postRelease = async <T = Record<string, any>>(api: Api, body: Record<string, unknown>): Promise<T> => {
  const response = await api<{ release: T }>('/v1/releases', { method: 'POST', body });
  expectCreated(response, 'release');
  return response.body.release;
};

/** POST /releases/{uuid}/tracks with exactly this body; answers the created track. */
export const postTrack = async <T = Record<string, any>>(
  api: Api,
  releaseId: string,
  body: Record<string, unknown>,
  explain?: () => string,
): Promise<T> => {
  const response = await api<{ track: T }>(`/v1/releases/${releaseId}/tracks`, { method: 'POST', body });
  expectCreated(response, 'track', response.status === 201 ? '' : explain?.());
  return response.body.track;
};
