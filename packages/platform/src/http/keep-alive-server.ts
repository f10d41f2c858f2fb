import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * An idle keep-alive connection is kept longer than a client or load balancer keeps its own
 * (commonly 60 s): the client, not the server, closes it. With Node's 5 s, a client that sends its
 * next request just as the server closes the connection gets a broken pipe ("other side closed")
 * on a request it may not safely retry. The headers deadline stays above it, as Node requires for
 * keep-alive to hold.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = 66_000;

/** Every HTTP listener of the platform (edges and health ports) is made here, with these timeouts. */
export const createKeepAliveServer = (listener?: RequestListener): Server => {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
};
