import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { appActor, useAppSelector } from '../../app/app-actor';
import { Button } from '../../components/button';
import { ErrorPresenter } from '../../components/error-presenter';
import { contractResolver } from '../../components/form/contract-resolver';
import { TextField } from '../../components/form/text-field';

/**
 * The contract's schema, loaded on first use: zod is the largest thing a form needs and the
 * login page is the first every visitor loads, so it is fetched at the first keystroke.
 */
const loadSchema = () => import('../../../contract/auth').then((m) => m.loginInput);

export function LoginScreen() {
  const loggingIn = useAppSelector((s) => s.matches('loggingIn'));
  const busy = useAppSelector((s) => s.hasTag('busy'));
  const loginError = useAppSelector((s) => s.context.loginError);
  const form = useForm({ defaultValues: { username: '', password: '' }, resolver: contractResolver(loadSchema) });
  const { resetField, setFocus } = form;

  // A refused login keeps the username and asks for the password again.
  useEffect(() => {
    if (loginError && !busy) {
      resetField('password');
      setFocus('password');
    }
  }, [loginError, busy, resetField, setFocus]);

  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 pt-[12vh] pb-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-2xl font-semibold tracking-tight text-primary">Jigboard</p>
        <div className="rounded-lg border border-secondary-light bg-white p-6 shadow-sm">
          <h1 className="mb-5 text-xl font-semibold text-gray-900">Log in</h1>
          <form
            onSubmit={form.handleSubmit((input) => appActor.send({ type: 'login.submit', ...input }))}
            onChange={() => void loadSchema().catch(() => {})}
            noValidate
            className="flex flex-col gap-4"
          >
            <TextField
              control={form.control}
              name="username"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              readOnly={loggingIn}
            />
            <TextField
              control={form.control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
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
