import { Button } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCamera } from '@/components/icons';

// The camera's code (and ZXing's WebAssembly) loads only when the clerk opens it.
const CameraDialog = lazy(() => import('./camera-dialog'));

/** Whether this browser can show a camera in the page (a secure page on a device with one). */
const canUseCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

type CameraScanButtonProps = {
  /** What to hold up to the camera. */
  hint: string;
  onCode: (code: string) => void;
};

/**
 * "Scan with camera", for a counter without a reader: opens the camera, and hands on the first QR
 * code it reads. Absent where the browser offers no camera to a page.
 */
export function CameraScanButton({ hint, onCode }: CameraScanButtonProps) {
  const { t } = useTranslation();
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
        {t('camera.scan')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <CameraDialog hint={hint} onCode={read} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
