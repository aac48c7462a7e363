import { describe, expect, it } from 'vitest';
import { sseParser, type SseEvent } from './sse';

const parse = (chunks: string[]) => {
  const events: SseEvent[] = [];
  let comments = 0;
  const push = sseParser((e) => events.push(e), () => (comments += 1));
  for (const chunk of chunks) push(chunk);
  return { events, comments };
};

describe('sseParser', () => {
  it('reads named events, comments and the default name', () => {
    const { events, comments } = parse(['retry: 2000\nevent: ready\ndata: {"heartbeat_ms":25000}\n\n: ping\n\ndata: plain\n\n']);
    expect(events).toEqual([
      { event: 'ready', data: '{"heartbeat_ms":25000}' },
      { event: 'message', data: 'plain' },
    ]);
    expect(comments).toBe(1);
  });

  it('joins an event split anywhere across chunks, lines ended by \\n, \\r\\n or \\r', () => {
    const text = 'event: report\r\ndata: {"a":1}\r\n\r\nevent: resync\rdata: {}\r\rdata: x\ndata: y\n\n';
    const whole = parse([text]).events;
    expect(whole).toEqual([
      { event: 'report', data: '{"a":1}' },
      { event: 'resync', data: '{}' },
      { event: 'message', data: 'x\ny' },
    ]);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole);
    }
  });

  it('sends nothing for a frame without data or one not yet ended', () => {
    expect(parse(['event: lonely\n\n', 'event: report\ndata: {}\n']).events).toEqual([]);
  });
});
