export interface ApiResponse<TBody = any> {
  status: number;
  headers: Headers;
  body: TBody;
  text: string;
}

export interface RequestOptions {
  method?: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body (string, Buffer or FormData) sent as is. */
  raw?: NonNullable<RequestInit['body']>;
}

/** A small client for the gateway, as an API consumer would call it. */
export const apiRequest = async <TBody = any>(baseUrl: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<TBody>> => {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: RequestInit['body'] = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as TBody, text };
};

/** Binds the base URL and key once: `const api = apiClient(url, key); await api('/artists')`. */
export const apiClient =
  (baseUrl: string, key?: string) =>
  <TBody = any>(path: string, options: RequestOptions = {}) =>
    apiRequest<TBody>(baseUrl, path, { key, ...options });
