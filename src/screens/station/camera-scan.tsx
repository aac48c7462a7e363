import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';

/** The browser's barcode reader (Shape Detection API), where it exists: Chrome on Android, not desktop Firefox or Safari. */
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** A camera button only where it can work: a reader in the browser, a camera, and a touch screen (a phone or tablet). */
export function cameraScanAvailable(): boolean {
  return (
    typeof detectorClass() === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/** Reads one barcode from the back camera, then hands its text over as if it was scanned. */
export function CameraScan({ onRead, onClose }: { onRead: (serial: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const look = async () => {
      if (over || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue && !over) {
          over = true;
          return read.current(code.rawValue);
        }
      } catch {
        // A frame not ready yet: look again.
      }
      timer = setTimeout(look, 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (over || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      over = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <FormDialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('scan.cameraTitle')}>
      {failed ? (
        <p role="alert" className="text-lg text-red-800">
          {t('scan.cameraFailed')}
        </p>
      ) : (
        <video ref={video} muted playsInline className="w-full rounded-md bg-black" />
      )}
      <button type="button" onClick={onClose} className="mt-3 min-h-12 w-full rounded-md border-2 border-gray-500 text-lg text-gray-900">
        {t('scan.cameraClose')}
      </button>
    </FormDialog>
  );
}
