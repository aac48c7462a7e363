import { useCallback, useEffect, useRef } from 'react';
import { appActor, useAppSelector, type AppSnapshot } from './app-actor';

/**
 * The guards of the mounted screens that have unsaved input, newest last. The root machine
 * holds one block; a screen with two forms (or a dialog over a form) still needs every guard
 * gone before leaving is free again, so the hooks agree here and send the sum.
 */
const guards = new Map<symbol, string>();
let publishing = false;

function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Chromium before 119 and older Safari only ask when returnValue is set.
  event.returnValue = '';
}

/** Tells the machine (and the tab) what the guards add up to; repeats nothing it already knows. */
function publish() {
  const reason = [...guards.values()].pop();
  const block = appActor.getSnapshot().context.block;
  if (reason === undefined) {
    window.removeEventListener('beforeunload', askBeforeUnload);
    if (block) appActor.send({ type: 'nav.unblock' });
    return;
  }
  // Adding the same listener twice keeps one.
  window.addEventListener('beforeunload', askBeforeUnload);
  if (block?.reason !== reason) appActor.send({ type: 'nav.block', reason });
}

/**
 * StrictMode runs every effect, its cleanup and the effect again; a changed reason runs a
 * cleanup and an effect too. Publishing once after them keeps an unblock from slipping in
 * between, which would answer an open "Leave this page?" question by itself.
 */
function publishSoon() {
  if (publishing) return;
  publishing = true;
  queueMicrotask(() => {
    publishing = false;
    publish();
  });
}

const selectBlocked = (s: AppSnapshot) => s.context.block !== null;

/**
 * While `active` (a form with unsaved input), leaving the screen asks first: a link, Back or
 * Forward, logging out (the root layout shows the question) and closing or reloading the tab
 * (the browser asks). `release()` lets a navigation that follows a successful save through at
 * once, before React has re-rendered the form as clean.
 */
export function useLeaveGuard(active: boolean, reason: string): { release: () => void } {
  const own = useRef<symbol | null>(null);
  const released = useRef(false);
  // After "Leave" the machine drops the block; if this screen is still shown (the navigation
  // was redirected back here), the guard must hold again.
  const machineBlocked = useAppSelector(selectBlocked);

  useEffect(() => {
    if (!active) {
      released.current = false;
      return;
    }
    if (released.current) return;
    const token = Symbol(reason);
    own.current = token;
    guards.set(token, reason);
    publishSoon();
    return () => {
      if (guards.delete(token)) publishSoon();
      if (own.current === token) own.current = null;
    };
  }, [active, reason, machineBlocked]);

  const release = useCallback(() => {
    released.current = true;
    if (own.current && guards.delete(own.current)) publish();
    own.current = null;
  }, []);

  return { release };
}
