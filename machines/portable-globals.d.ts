/**
 * The globals that both the browser and Node provide and that the machines use. TypeScript
 * declares them only inside the DOM lib or @types/node, and either would let a machine reach
 * `window` or `process` unnoticed; so machines/tsconfig.json loads neither and these few are
 * declared here, with the signatures both runtimes share. Add one only when a machine needs it.
 */

interface PortableConsole {
  debug(...data: unknown[]): void;
  error(...data: unknown[]): void;
  info(...data: unknown[]): void;
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
}
declare const console: PortableConsole;

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][] | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
