import { mdiCheck, mdiContentCopy } from '@mdi/js';
import { useId, useRef, useState } from 'react';
import type { JigCredentials } from '../../../contract/enclosures';
import { JIG_SIGNATURE_HEADER } from '../../../contract/jig';
import { Button } from '../../components/button';
import { inputClass } from '../../components/form/form-field';

type CopyState = 'idle' | 'copied' | 'selected';

/** One value with its copy button; where the browser refuses the clipboard, the text is selected instead. */
export function CopyValue({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyValue = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy('selected');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} font-mono text-xs`}
        />
        <Button
          variant="secondary"
          icon={copy === 'copied' ? mdiCheck : mdiContentCopy}
          onClick={() => void copyValue()}
          className="shrink-0"
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-secondary" role="status">
        {copy === 'copied'
          ? `The ${label.toLowerCase()} is on your clipboard.`
          : copy === 'selected'
            ? 'Copying is blocked here: the text is selected, press Ctrl+C (⌘C on a Mac).'
            : hint}
      </p>
    </div>
  );
}

/**
 * The secret and the signature a provisioned jig uses, shown this once: the server keeps only a
 * hash of the signature, so leaving this page loses them (provision again for new ones).
 */
export function CredentialsPanel({ credentials, serial }: { credentials: JigCredentials; serial: string }) {
  return (
    <section aria-labelledby="jig-credentials" className="flex flex-col gap-4 rounded-lg border border-amber-600/30 bg-amber-50/60 p-4">
      <div>
        <h2 id="jig-credentials" className="text-base font-semibold text-gray-900">
          Credentials of {serial}
        </h2>
        <p className="mt-1 rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm font-medium text-amber-900">
          Shown once. Copy them onto the jig now: they cannot be shown again. If they get lost, revoke the jig and provision it
          again for new ones.
        </p>
      </div>
      <CopyValue label="Signature" value={credentials.signature} hint={`The jig sends it as the ${JIG_SIGNATURE_HEADER} header, or ?signature= when fetching firmware.`} />
      <CopyValue label="Secret" value={credentials.secret} hint="The signature is HMAC-SHA256 of the serial with this secret." />
    </section>
  );
}
