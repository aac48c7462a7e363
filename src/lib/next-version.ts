/** A version's parts: runs of digits (compared as numbers) and the text between them. */
const parts = (version: string) => version.match(/\d+|\D+/g) ?? [];

/**
 * Orders versions as people number them: `1.10` after `1.9`, `2` after `1.99`, `1.4` before
 * `1.4.1`; text parts compare as text.
 */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const numbers = /^\d/.test(x) && /^\d/.test(y);
    const order = numbers ? Number(x) - Number(y) || x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** The version one up from `version`: its last number plus one, zero padding kept (`1.09` → `1.10`); `-2` added when it has none. */
export function bumpVersion(version: string): string {
  const trimmed = version.trim();
  const last = /(\d+)(\D*)$/.exec(trimmed);
  if (!last) return trimmed ? `${trimmed}-2` : '1.0';
  const next = String(Number(last[1]) + 1).padStart(last[1].length, '0');
  return `${trimmed.slice(0, last.index)}${next}${last[2]}`;
}

/** The newest of some versions (the first of equals). */
export function newestVersion(versions: readonly [string, ...string[]]): string {
  return versions.reduce((a, b) => (compareVersions(b, a) > 0 ? b : a));
}

/**
 * The version to propose for a new version of a profile: one up from the newest of `from` and the
 * versions its name has already (`taken`), and none of those: copying 1.2 while 1.4 exists proposes 1.5.
 */
export function nextVersion(from: string, taken: readonly string[]): string {
  const newest = newestVersion([from, ...taken]);
  const used = new Set(taken.map((v) => v.trim()));
  let next = bumpVersion(newest);
  while (used.has(next)) next = bumpVersion(next);
  return next;
}
