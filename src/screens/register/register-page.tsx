import type { ReactNode } from 'react';

/** The frame of the public invitation page: the same calm card as the login screen, a little wider. */
export function RegisterPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 pt-[8vh] pb-10">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-2xl font-semibold tracking-tight text-primary">Jigboard</p>
        <div className="rounded-lg border border-secondary-light bg-white p-6 shadow-sm">{children}</div>
      </div>
    </main>
  );
}
