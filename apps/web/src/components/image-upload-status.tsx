import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './image-upload.module.css';

type ImageUploadStatusProps = {
  isUploading: boolean;
  /** The upload's progress in percent. */
  progress: number | null;
  /** What went wrong with the last file, if anything. */
  problem: string | null;
};

/** The upload's progress, read out as it goes, and what went wrong. */
export function ImageUploadStatus({ isUploading, progress, problem }: ImageUploadStatusProps) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" className={classes.status}>
        {isUploading && (
          <>
            <Progress
              value={progress ?? 0}
              size="sm"
              animated
              aria-label={t('imageUpload.progressLabel')}
            />
            <Text size="xs">{t('imageUpload.uploading', { percent: progress })}</Text>
          </>
        )}
      </div>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </>
  );
}
