import { Alert, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './camera.module.css';
import { useCameraStream } from './use-camera-stream';
import { type CameraReads, useFrameReading } from './use-frame-reading';
import { ZoneConfirmation } from './zone-confirmation';

const PROBLEM_KEYS = {
  denied: 'camera.denied',
  none: 'camera.none',
  failed: 'camera.failed',
} as const;

type CameraDialogProps = {
  /** What to hold up to the camera, said above the picture. */
  hint: string;
  reads: CameraReads;
  onCode: (code: string) => void;
  onClose: () => void;
};

/**
 * The camera in the page, reading frame by frame: the first QR code read closes it and is handed
 * on, as a reader's scan would be; a passport's zone is shown for the clerk to confirm first.
 * Without a camera, or without permission, it says why.
 */
export default function CameraDialog({ hint, reads, onCode, onClose }: CameraDialogProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCameraStream(video);
  const [zone, setZone] = useState<string | null>(null);
  const onZone = useCallback((read: string) => setZone(read), []);
  useFrameReading(video, {
    isActive: camera.kind === 'live' && zone === null,
    reads,
    onCode,
    onZone,
  });

  const problem = camera.kind === 'starting' || camera.kind === 'live' ? null : camera.kind;
  return (
    <Modal opened onClose={onClose} title={t('camera.title')} centered>
      {zone === null ? (
        <Text size="sm" mb="sm">
          {hint}
        </Text>
      ) : (
        <ZoneConfirmation
          zone={zone}
          onUse={() => onCode(zone)}
          onReadAgain={() => setZone(null)}
        />
      )}
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
