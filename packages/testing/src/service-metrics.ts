import type { ServiceProcess } from './service-process.ts';

/**
 * What a service process's /metrics answers now. Its probe port is the one its start line names
 * (tests start services on port 0).
 */
export const scrapeServiceMetrics = async (service: ServiceProcess): Promise<string> => {
  const line = await service.waitForLog((entry) => typeof entry.health_port === 'number');
  const response = await fetch(`http://127.0.0.1:${String(line.health_port)}/metrics`);
  if (response.status !== 200) throw new Error(`${service.name}: /metrics answered ${response.status}`);
  return response.text();
};
