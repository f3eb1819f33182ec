import { Alert, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrCode } from './barcode-reader';
import classes from './camera.module.css';
import { useCameraStream } from './use-camera-stream';

const PROBLEM_KEYS = {
  denied: 'camera.denied',
  none: 'camera.none',
  failed: 'camera.failed',
} as const;

/** How often a frame is read: a QR code held up is found within a quarter of a second. */
const READ_EVERY_MS = 250;

type CameraDialogProps = {
  /** What to hold up to the camera, said above the picture. */
  hint: string;
  onCode: (code: string) => void;
  onClose: () => void;
};

/**
 * The camera in the page, reading QR codes frame by frame: the first code read closes it and is
 * handed on, as a reader's scan would be. Without a camera, or without permission, it says why.
 */
export default function CameraDialog({ hint, onCode, onClose }: CameraDialogProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCameraStream(video);

  useEffect(() => {
    if (camera.kind !== 'live') return;
    let isReading = false;
    const timer = window.setInterval(() => {
      if (isReading || !video.current) return;
      isReading = true;
      readQrCode(video.current)
        .then((code) => {
          if (code === null) return;
          window.clearInterval(timer);
          onCode(code);
        })
        .catch(() => undefined)
        .finally(() => {
          isReading = false;
        });
    }, READ_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [camera.kind, onCode]);

  const problem = camera.kind === 'starting' || camera.kind === 'live' ? null : camera.kind;
  return (
    <Modal opened onClose={onClose} title={t('camera.title')} centered>
      <Text size="sm" mb="sm">
        {hint}
      </Text>
      {problem ? (
        <Alert role="alert" color="red" variant="light">
          {t(PROBLEM_KEYS[problem])}
        </Alert>
      ) : (
        <div className={classes.frame}>
          {camera.kind === 'starting' && (
            <Group gap="xs" className={classes.starting} role="status">
              <Loader size="sm" />
              <Text size="sm">{t('camera.starting')}</Text>
            </Group>
          )}
          <video
            ref={video}
            className={classes.video}
            muted
            playsInline
            aria-label={t('camera.picture')}
            data-testid="camera-picture"
          />
        </div>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('camera.close')}
        </Button>
      </Group>
    </Modal>
  );
}
