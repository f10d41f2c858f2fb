/**
 * The value of one series in a Prometheus text exposition (exact label set), or undefined when
 * it is absent. For tools that read a service's /metrics: the fault run, the tests.
 */
export const sampleOf = (exposition: string, name: string, labels: Record<string, string> = {}): number | undefined => {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    const present = labelText
      .split(/,(?=[a-zA-Z_][a-zA-Z0-9_]*=")/)
      .filter(Boolean)
      .sort();
    if (present.length === wanted.length && present.every((pair, index) => pair === wanted[index])) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
};

/** The sum of every series of `name` in an exposition, whatever their labels (0 when there is none). */
export const totalOf = (exposition: string, name: string): number =>
  exposition
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
