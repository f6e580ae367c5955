/**
 * Reads Prometheus text exposition format (0.0.4) strictly, as a scraper would: every line
 * must be a HELP or TYPE comment, or a sample `name{label="value",…} value`; a sample's
 * family must have been TYPEd; a histogram's buckets must be cumulative and end in +Inf
 * equal to its _count. Anything else throws, naming the line.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  types: Map<string, string>;
  /** The value of the one sample with this name and exactly these labels; undefined if absent. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
const LABEL_VALUE = '"(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
// Prometheus reads values with Go's strconv.ParseFloat, which takes Inf and NaN in any case
// (prom-client writes an empty event-loop-lag mean as "Nan").
const NUMBER = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[iI][nN][fF]|[nN][aA][nN])';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL}=${LABEL_VALUE}(?:,${LABEL}=${LABEL_VALUE})*)?,?)\\})? (${NUMBER})(?: -?\\d+)?$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const LABEL_PAIR = new RegExp(`(${LABEL})=(${LABEL_VALUE})`, 'g');

function parseNumber(text: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  return Number(text);
}

/** The family a sample belongs to: histogram and summary samples carry suffixes. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count|created)$/, '');
  return types.has(base) ? base : undefined;
}

export function parseExposition(text: string): Exposition {
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed');
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, index) => {
      const where = `line ${index + 1} (${JSON.stringify(line)})`;
      if (line === '') return;
      if (line.startsWith('#')) {
        const type = TYPE_LINE.exec(line);
        if (type) {
          if (types.has(type[1]!)) throw new Error(`${where}: a second TYPE for ${type[1]}`);
          types.set(type[1]!, type[2]!);
        } else if (!HELP_LINE.test(line)) {
          throw new Error(`${where}: not a valid HELP or TYPE comment`);
        }
        return;
      }
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`${where}: not a valid sample line`);
      const labels: Record<string, string> = {};
      for (const [, key, quoted] of (match[2] ?? '').matchAll(LABEL_PAIR)) {
        if (key! in labels) throw new Error(`${where}: label ${key} appears twice`);
        labels[key!] = quoted!
          .slice(1, -1)
          .replace(/\\n/g, '\n')
          .replace(/\\(["\\])/g, '$1');
      }
      if (!familyOf(match[1]!, types)) throw new Error(`${where}: sample of ${match[1]} before any TYPE of its family`);
      samples.push({ name: match[1]!, labels, value: parseNumber(match[3]!) });
    });
  checkHistograms(samples, types);

  const sameLabels = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    samples,
    types,
    value(name, labels = {}) {
      const found = samples.filter((s) => s.name === name && sameLabels(s.labels, labels));
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
  };
}

function checkHistograms(samples: Sample[], types: Map<string, string>): void {
  const series = new Map<string, { buckets: { le: number; value: number }[]; count?: number }>();
  const keyOf = (family: string, labels: Record<string, string>) =>
    `${family}${JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    )}`;
  for (const s of samples) {
    const family = familyOf(s.name, types)!;
    if (types.get(family) !== 'histogram') continue;
    const key = keyOf(family, s.labels);
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${family}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${family}_bucket without an le label`);
      entry.buckets.push({ le: parseNumber(s.labels.le), value: s.value });
    } else if (s.name === `${family}_count`) {
      entry.count = s.value;
    }
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets[buckets.length - 1];
    if (!last || last.le !== Infinity) throw new Error(`${key}: the last bucket is not le="+Inf"`);
    if (last.value !== count) throw new Error(`${key}: the +Inf bucket (${last.value}) differs from _count (${count})`);
    buckets.forEach((b, i) => {
      if (i > 0 && (b.le <= buckets[i - 1]!.le || b.value < buckets[i - 1]!.value)) throw new Error(`${key}: buckets are not cumulative in increasing le`);
    });
  }
}
