/** A Host header value that names its port: `example.com:443`, `[::1]:8082`. */
const HAS_PORT = /:\d+$/;

/**
 * The Host header values the transport accepts: each configured name as given and, when it
 * names no port, with the port the server listens on (clients send host:port).
 */
export const allowedHostHeaders = (hosts: readonly string[], port: number): string[] =>
  hosts.flatMap((host) => (HAS_PORT.test(host) ? [host] : [host, `${host}:${port}`]));
