/**
 * Summarises a V8 CPU profile (`node --cpu-prof` writes them as *.cpuprofile):
 * top functions by self time, top functions by inclusive time, and self time grouped
 * by where the code lives (a package under node_modules, a file of src/, Node's
 * internals, the garbage collector, idle).
 *
 * Usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [--from US] [--to US] [--top N]
 * --from/--to restrict the summary to samples between two timestamps of the profile's
 * clock (microseconds, the monotonic clock process.hrtime uses), e.g. the measured run.
 * bench/send.ts --profile calls summariseProfile() itself with the measured windows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Window {
  fromUs?: number | undefined;
  toUs?: number | undefined;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function shortUrl(url: string): string {
  if (!url) return '';
  let file = url.startsWith('file://') ? fileURLToPath(url.split('?')[0]!) : url;
  if (file.startsWith(ROOT + path.sep)) file = path.relative(ROOT, file);
  return file;
}

/** Where a frame's code lives: a package, a file of ours, Node itself, or a V8 pseudo-frame. */
function area(frame: CallFrame): string {
  const url = shortUrl(frame.url);
  if (!url) {
    if (frame.functionName.startsWith('(')) return frame.functionName; // (garbage collector), (idle), (program)
    return '(native)';
  }
  if (url.startsWith('node:')) return 'node: (Node.js internals)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return `pkg ${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return url;
}

/** Code of this repository (src/, bin/), as opposed to packages and Node itself. */
function isOurs(frame: CallFrame): boolean {
  const url = shortUrl(frame.url);
  return url !== '' && !url.startsWith('node:') && !url.includes('node_modules/') && !path.isAbsolute(url);
}

function label(frame: CallFrame): string {
  const url = shortUrl(frame.url);
  const name = frame.functionName || '(anonymous)';
  return url ? `${name}  ${url}:${frame.lineNumber + 1}` : name;
}

function pct(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(1).padStart(5)}%`;
}

export function summariseProfile(file: string, windows: Window | Window[] = {}, top = 25): string {
  const spans = Array.isArray(windows) ? windows : [windows];
  const inWindow = (t: number) => spans.length === 0 || spans.some((w) => (w.fromUs === undefined || t >= w.fromUs) && (w.toUs === undefined || t <= w.toUs));
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  const ours = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample's weight is the time until the next sample.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (!inWindow(t)) continue;
    const node = byId.get(profile.samples[i]!)!;
    const frame = node.callFrame;
    total += weight;
    if (frame.functionName === '(idle)') {
      idle += weight;
      continue;
    }
    const key = label(frame);
    self.set(key, (self.get(key) ?? 0) + weight);
    areas.set(area(frame), (areas.get(area(frame)) ?? 0) + weight);
    const seen = new Set<string>();
    let owner: string | undefined;
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (f.functionName === '(root)') continue;
      const k = label(f);
      if (owner === undefined && isOurs(f)) owner = k;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + weight);
    }
    // Library and runtime time charged to the innermost function of ours that called it;
    // time with none of ours on the stack is charged to the leaf's area (HTTP parsing, GC …).
    const ownerKey = owner ?? `(no Postwire frame) ${area(frame)}`;
    ours.set(ownerKey, (ours.get(ownerKey) ?? 0) + weight);
  }

  const busy = total - idle;
  const lines: string[] = [];
  if (busy < 0.01 * total || busy < 50_000) {
    return `Profile ${path.basename(file)}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1000).toFixed(0)} ms busy (a helper thread, e.g. the tsx loader): nothing to summarise.`;
  }
  lines.push(
    `Profile ${path.basename(file)}: ${(total / 1e6).toFixed(2)} s sampled, busy ${(busy / 1e6).toFixed(2)} ` +
      `s (${pct(busy, total).trim()}), idle ${(idle / 1e6).toFixed(2)} s. Percentages below are of busy time.`,
  );
  const table = (title: string, map: Map<string, number>, n: number) => {
    lines.push('', title);
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      lines.push(`  ${pct(v, busy)}  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
    }
  };
  table('Self time by area (package / source file / runtime):', areas, 20);
  table(`Top ${top} functions by self time:`, self, top);
  table(`Busy time charged to the innermost function of ours on the stack (libraries it called included), top ${top}:`, ours, top);
  table(`Top ${top} functions by inclusive time (time with the function on the stack):`, inclusive, top);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string', default: '25' } },
  });
  if (positionals.length === 0) {
    process.stderr.write('Usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [--from US] [--to US] [--top N]\n');
    process.exit(2);
  }
  for (const file of positionals) {
    process.stdout.write(
      summariseProfile(
        file,
        {
          fromUs: values.from === undefined ? undefined : Number(values.from),
          toUs: values.to === undefined ? undefined : Number(values.to),
        },
        Number(values.top),
      ) + '\n\n',
    );
  }
}
