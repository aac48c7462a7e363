import { useEffect, useRef } from 'react';
import { appActor, useAppSelector } from '../../app/app-actor';
import { Button } from '../../components/button';
import { ErrorPresenter } from '../../components/error-presenter';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';

/**
 * The contract's schema, loaded on first use: zod is the largest thing a form needs and the
 * login page is the first every visitor loads, so it is fetched at the first keystroke.
 */
const loadSchema = () => import('../../../contract/auth').then((m) => m.loginInput);

export function LoginScreen() {
  const loggingIn = useAppSelector((s) => s.matches('loggingIn'));
  const busy = useAppSelector((s) => s.hasTag('busy'));
  const loginError = useAppSelector((s) => s.context.loginError);
  const form = useForm({ username: '', password: '' });
  const passwordRef = useRef<HTMLInputElement>(null);

  // A refused login keeps the username and asks for the password again.
  useEffect(() => {
    if (loginError && !busy) {
      form.set('password', '');
      passwordRef.current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginError, busy]);

  const submit = form.onSubmit(async () => {
    const input = form.validate(await loadSchema(), form.values);
    if (input) appActor.send({ type: 'login.submit', ...input });
  });

  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 pt-[12vh] pb-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-2xl font-semibold tracking-tight text-primary">Jigboard</p>
        <div className="rounded-lg border border-secondary-light bg-white p-6 shadow-sm">
          <h1 className="mb-5 text-xl font-semibold text-gray-900">Log in</h1>
          <form
            ref={form.formRef}
            onSubmit={submit}
            onChange={() => void loadSchema().catch(() => {})}
            noValidate
            className="flex flex-col gap-4"
          >
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              {...form.field('username')}
              readOnly={loggingIn}
            />
            <TextField
              ref={passwordRef}
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              {...form.field('password')}
              readOnly={loggingIn}
            />
            {loginError && !loggingIn ? <ErrorPresenter error={loginError} /> : null}
            <Button type="submit" busy={loggingIn} className="mt-1 w-full">
              Log in
            </Button>
          </form>
        </div>
        <p className="mt-6 text-center text-xs text-secondary">Test jigs, boards and their results in one place.</p>
      </div>
    </main>
  );
}
