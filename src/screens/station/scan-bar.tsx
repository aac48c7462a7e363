import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScan, cameraScanAvailable } from './camera-scan';
import { StationButton } from './station-button';

type ScanBarProps = {
  /** Whether the station takes this serial now; if not, `refusal` says why and the serial stays typed. */
  accepts: (serial: string) => boolean;
  refusal: (serial: string) => string;
  onScan: (serial: string) => void;
  /** Enter on an empty field: the next board (after a stop or a repair hand-off). */
  onEmptyEnter: () => void;
};

/**
 * The scan field: a barcode scanner types the serial and Enter, or a person types it. It holds the
 * focus (the station puts it back after each step); on a phone, the camera can read the barcode.
 */
export const ScanBar = forwardRef<HTMLInputElement, ScanBarProps>(function ScanBar({ accepts, refusal, onScan, onEmptyEnter }, ref) {
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const id = useId();

  const submit = (raw: string) => {
    const value = raw.trim();
    if (!value) return onEmptyEnter();
    if (!accepts(value)) return setNote(refusal(value));
    setNote(null);
    setSerial('');
    onScan(value);
  };

  return (
    <div className="border-t border-gray-700 bg-gray-900 px-4 py-3 sm:px-6">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(serial);
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex min-w-0 flex-1 basis-full flex-col gap-1 sm:basis-auto">
          <label htmlFor={id} className="text-base text-gray-300">
            {t('scan.label')} <span className="text-sm">({t('scan.hint')})</span>
          </label>
          <input
            ref={ref}
            id={id}
            value={serial}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={t('scan.placeholder')}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(e) => {
              setSerial(e.target.value);
              setNote(null);
            }}
            onBlur={(e) => {
              // A click on nothing takes no focus: the field keeps it for the scanner.
              if (!e.relatedTarget) e.currentTarget.focus();
            }}
            className="min-h-14 w-full rounded-md border-2 border-gray-400 bg-gray-950 px-3 font-mono text-2xl text-white placeholder:text-gray-400 focus:border-white focus:outline-none"
          />
        </div>
        <StationButton type="submit" tone="go" hotkey={t('keys.enter')}>
          {t('scan.submit')}
        </StationButton>
        {cameraScanAvailable() ? (
          <StationButton tone="neutral" onClick={() => setCamera(true)}>
            {t('scan.camera')}
          </StationButton>
        ) : null}
      </form>
      {note ? (
        <p id={`${id}-note`} role="status" className="mt-2 text-lg text-yellow-300">
          {note}
        </p>
      ) : null}
      {camera ? (
        <CameraScan
          onRead={(value) => {
            setCamera(false);
            submit(value);
          }}
          onClose={() => setCamera(false)}
        />
      ) : null}
    </div>
  );
});
