import { mdiCheck, mdiContentCopy } from '@mdi/js';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { inputClass } from '../../../components/form/form-field';
import { formatDateTime } from '../../../lib/format';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * The invitation link, shown this once (no mail server: the inviter sends it themselves). Copy
 * uses the clipboard; where the browser refuses (no HTTPS, no permission) the text is selected
 * so the keyboard shortcut copies it.
 */
export function InviteLink({ link, email, expiresAt }: { link: string; email: string; expiresAt: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const selectText = () => {
    input.current?.focus();
    input.current?.select();
  };
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      selectText();
      setCopy('selected');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-800">
        Send this link to <strong className="break-all">{email}</strong>. It works once, until {formatDateTime(expiresAt)}.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="invite-link">
          Invitation link
        </label>
        <input
          id="invite-link"
          ref={input}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} font-mono text-xs`}
        />
        <Button icon={copy === 'copied' ? mdiCheck : mdiContentCopy} onClick={() => void copyLink()} className="shrink-0">
          {copy === 'copied' ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p role="status" className="text-sm text-secondary">
        {copy === 'copied'
          ? 'The link is on your clipboard.'
          : copy === 'selected'
            ? 'Copying is blocked here: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.'
            : null}
      </p>
      <p className="rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm text-amber-800">
        This link will not be shown again. If it gets lost, resend the invitation for a new one.
      </p>
    </div>
  );
}
