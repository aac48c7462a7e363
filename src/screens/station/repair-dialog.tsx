import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { StationButton } from './station-button';

type RepairDialogProps = { open: boolean; serial: string; onCancel: () => void; onSend: (reason: string) => void };

/** Asks why the board goes to repair: the repair record starts with it. */
export function RepairDialog({ open, serial, onCancel, onSend }: RepairDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  return (
    <FormDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={t('repair.title', { serial })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setMissing(true);
          onSend(reason.trim());
          setReason('');
          setMissing(false);
        }}
        className="flex flex-col gap-3 text-gray-900"
      >
        <label htmlFor={id} className="text-lg font-semibold">
          {t('repair.reason')}
        </label>
        <textarea
          id={id}
          value={reason}
          autoFocus
          maxLength={500}
          rows={3}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, as everywhere at the station; Shift+Enter starts a new line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          className="rounded-md border-2 border-gray-500 p-2 text-lg"
        />
        {missing ? (
          <p id={`${id}-error`} role="alert" className="text-base font-semibold text-red-800">
            {t('repair.required')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className="min-h-12 rounded-md border-2 border-gray-500 px-4 text-lg">
            {t('repair.cancel')}
          </button>
          <StationButton type="submit" tone="danger">
            {t('repair.send')}
          </StationButton>
        </div>
      </form>
    </FormDialog>
  );
}
