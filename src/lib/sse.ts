/**
 * Server-sent events as the HTML spec frames them, fed text as it arrives (a chunk may end in
 * the middle of a line). The app reads `/v1/events` with fetch, which can send the login's
 * header, so it parses the frames itself instead of through EventSource.
 */
export type SseEvent = { event: string; data: string };

export function sseParser(onEvent: (event: SseEvent) => void, onComment: () => void = () => {}) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      // A blank line ends the frame; a frame without data is no event (the spec's rule).
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return onComment();
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` need no handling here: the app reconnects on its own terms.
  };
  return (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) break;
      const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + newline);
    }
  };
}
