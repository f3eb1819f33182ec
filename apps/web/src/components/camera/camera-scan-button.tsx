import { Button } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { IconCamera } from '@/components/icons';
import type { CameraReads } from './use-frame-reading';

// The camera's code (and ZXing's WebAssembly) loads only when the clerk opens it.
const CameraDialog = lazy(() => import('./camera-dialog'));

/** Whether this browser can show a camera in the page (a secure page on a device with one). */
const canUseCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

type CameraScanButtonProps = {
  /** The button's text: what it scans. */
  label: string;
  /** What to hold up to the camera. */
  hint: string;
  /** QR codes only (the default), or also a passport's zone, read by OCR. */
  reads?: CameraReads;
  onCode: (code: string) => void;
};

/**
 * "Scan … with camera", for a counter without a reader: opens the camera, and hands on the first QR
 * code it reads, or the passport zone the clerk confirmed. Absent where the browser offers no
 * camera to a page.
 */
export function CameraScanButton({ label, hint, reads = 'qr', onCode }: CameraScanButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const read = useCallback(
    (code: string) => {
      setIsOpen(false);
      onCode(code);
    },
    [onCode],
  );
  if (!canUseCamera()) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        leftSection={<IconCamera size={16} aria-hidden />}
        onClick={() => setIsOpen(true)}
      >
        {label}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <CameraDialog hint={hint} reads={reads} onCode={read} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
