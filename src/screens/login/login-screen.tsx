import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toFieldErrors, type FieldErrors } from '../../../contract/field-errors';
import { appActor, useAppSelector } from '../../app/app-actor';
import { NoticeBanner } from '../../app/notice-banner';
import { Button } from '../../components/button';
import { ErrorPresenter } from '../../components/error-presenter';
import { FormField, inputClass } from '../../components/form/form-field';

/**
 * The contract's schema, loaded on first use: zod is the largest thing a form needs and the
 * login page is the first every visitor loads, so it is fetched at the first keystroke.
 */
const loadSchema = () => import('../../../contract/auth').then((m) => m.loginInput);

/**
 * The one form not on react-hook-form: it is the first screen, whose JavaScript has a budget
 * (scripts/bundle-size.ts) that react-hook-form alone (about 14 KiB gzip) would break. Two
 * plain inputs read on submit need no form state; the look (FormField) and the schema
 * (contract/auth) are the same as every other form's.
 */
export function LoginScreen() {
  const loggingIn = useAppSelector((s) => s.matches('loggingIn'));
  const busy = useAppSelector((s) => s.hasTag('busy'));
  const loginError = useAppSelector((s) => s.context.loginError);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // A refused login keeps the username and asks for the password again.
  useEffect(() => {
    if (loginError && !busy && passwordRef.current) {
      passwordRef.current.value = '';
      passwordRef.current.focus();
    }
  }, [loginError, busy]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = (await loadSchema()).safeParse(Object.fromEntries(new FormData(form)));
    if (checked.success) {
      setErrors({});
      appActor.send({ type: 'login.submit', ...checked.data });
      return;
    }
    setErrors(toFieldErrors(checked.error));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  // The message was about the old value; it goes once the user acts on it.
  const clear = (name: string) => () => setErrors((e) => (e[name] ? { ...e, [name]: [] } : e));
  const errorsOf = (name: string) => (errors[name]?.length ? [errors[name][0]] : undefined);

  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 pt-[12vh] pb-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-2xl font-semibold tracking-tight text-primary">Jigboard</p>
        <div className="rounded-lg border border-secondary-light bg-white p-6 shadow-sm">
          <h1 className="mb-5 text-xl font-semibold text-gray-900">Log in</h1>
          <NoticeBanner className="mb-4" />
          <form
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            onChange={() => void loadSchema().catch(() => {})}
            noValidate
            className="flex flex-col gap-4"
          >
            <FormField label="Username" errors={errorsOf('username')}>
              {(a11y) => (
                <input
                  {...a11y}
                  name="username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  autoFocus
                  readOnly={loggingIn}
                  onChange={clear('username')}
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField label="Password" errors={errorsOf('password')}>
              {(a11y) => (
                <input
                  {...a11y}
                  ref={passwordRef}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  readOnly={loggingIn}
                  onChange={clear('password')}
                  className={inputClass}
                />
              )}
            </FormField>
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
