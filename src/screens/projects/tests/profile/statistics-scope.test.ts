import { describe, expect, it } from 'vitest';
import { coverageSentence, dayRange, readStatisticsView } from './statistics-scope';

const meta = { runs: 12408, first_day: '2026-03-02', last_day: '2026-12-07', from: null, to: null, versions: ['3'], batch: null, jig: null };

describe('the statistics scope', () => {
  it('reads the URL, leaving out what is malformed', () => {
    expect(readStatisticsView(new URLSearchParams('from=2026-03-02&to=nope&batch=4&jig=x&versions=all&runs=passing&step=3V3%20rail'))).toEqual({
      scope: { from: '2026-03-02', batch_id: 4, versions: 'all' },
      passing: true,
      step: '3V3 rail',
    });
    expect(readStatisticsView(new URLSearchParams(''))).toEqual({ scope: {}, passing: false, step: null });
  });

  it('says what the figures cover in one sentence', () => {
    expect(coverageSentence(meta)).toBe('All 12,408 runs of version 3 from 2 Mar to 7 Dec 2026, every batch and jig.');
    expect(coverageSentence({ ...meta, runs: 2, from: '2026-03-03', to: '2026-03-03', batch: { id: 1, name: 'Lot B' }, jig: null })).toBe(
      'All 2 runs of version 3 on 3 Mar 2026, batch Lot B, every jig.',
    );
    expect(coverageSentence({ ...meta, runs: 1, versions: ['1', '2', '3'], from: '2026-05-01', jig: { id: 2, name: 'EOL A' } })).toBe(
      'The one run of versions 1, 2 and 3 since 1 May 2026, jig EOL A, every batch.',
    );
    expect(coverageSentence({ ...meta, runs: 0, first_day: null, last_day: null, versions: ['1.4'], batch: { id: 1, name: 'L1' }, jig: { id: 2, name: 'J' } })).toBe(
      'No runs of version 1.4, batch L1 on jig J.',
    );
    expect(dayRange('2025-12-30', '2026-01-02')).toBe('from 30 Dec 2025 to 2 Jan 2026');
  });
});
