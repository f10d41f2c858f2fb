/**
 * Summarises V8 CPU profiles (`node --cpu-prof`): per profile, the process it came from (the
 * service entry it ran), its sampled time, and the top functions and packages by self time.
 *
 *   node tools/bench/src/cpu-profile-top.ts DIR_OR_FILES… [--top N]
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a workspace module, Node's own code, or V8. */
const ownerOf = (url: string, name: string): string => {
  if (!url) return name === '(garbage collector)' || name === '(program)' || name === '(idle)' ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const workspace = /\/(services|packages)\/([^/]+)\//.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2]}`;
  return url;
};

const shortUrl = (url: string): string => url.replace(/^file:\/\/.*?\/(node_modules|services|packages)\//, '$1/');

const summarise = (path: string, top: number): string => {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = profile.endTime - profile.startTime;
  const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((sum, [, us]) => sum + us, 0);
  const busy = total - idle;
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  let entry = '';
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const owner = ownerOf(frame.url, frame.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
  }
  for (const node of profile.nodes) {
    const match = /\/services\/([^/]+)\/src\/main\.ts$/.exec(node.callFrame.url);
    if (match?.[1]) entry = match[1];
  }
  const share = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)}%`;
  const lines = [`${path}`, `  process: ${entry || 'unknown'}; sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s`, '  by package (self time, share of busy):'];
  for (const [owner, us] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`    ${share(us)}  ${owner}`);
  lines.push('  by function:');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`    ${share(us)}  ${name}`);
  return lines.join('\n');
};

const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '15' } }, allowPositionals: true });
const files = positionals.flatMap((target) =>
  statSync(target).isDirectory() ? readdirSync(target).filter((name) => name.endsWith('.cpuprofile')).map((name) => join(target, name)) : [target],
);
for (const file of files) process.stdout.write(`${summarise(file, Number(values.top))}\n\n`);
