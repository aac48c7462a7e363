import type { Readiness } from '../../contract/readiness';

/** A jig's readiness in one word, for a table cell or a header: "Ready" or "Not ready (n)". */
export function ReadinessBadge({ readiness }: { readiness: Readiness | undefined }) {
  if (!readiness) return <span className="text-secondary">…</span>;
  const words = readiness.problems.map((p) => p.words).join(' ');
  return readiness.ready ? (
    <span className="whitespace-nowrap rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Ready</span>
  ) : (
    <span className="whitespace-nowrap rounded bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-950" title={words}>
      Not ready ({readiness.problems.length})
    </span>
  );
}

/** Each reason a jig is not ready, in words. */
export function ReadinessReasons({ readiness }: { readiness: Readiness }) {
  if (readiness.ready) return <p className="text-sm text-green-900">Fit to test: every cartridge calibrated, the cassette matches, the firmware is the newest and golden units answered right.</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {readiness.problems.map((p, i) => (
        <li key={`${p.code}-${i}`}>{p.words}</li>
      ))}
    </ul>
  );
}
