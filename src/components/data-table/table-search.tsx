import { mdiMagnify } from '@mdi/js';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../icon';

const DEBOUNCE_MS = 300;

type TableSearchProps = { value: string; onSearch: (value: string) => void; placeholder?: string; label?: string };

/** Sends the text after a pause in typing, so one word costs one request, not one per key. */
export function TableSearch({ value, onSearch, placeholder = 'Search…', label = 'Search' }: TableSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The parent makes a new callback each render; a re-render must not restart the pause.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // The URL changed from elsewhere (Back, a link): show what the table shows.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearchRef.current(text.trim());
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon path={mdiMagnify} size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-secondary" />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        className="min-h-10 w-full rounded-md border border-secondary/40 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary focus:outline-2 focus:outline-primary/30"
      />
    </div>
  );
}
