import { Text } from '@mantine/core';
import type { DropzoneState } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@/lib/upload-image';
import { IconUpload } from './icons';
import classes from './image-upload.module.css';

type ImageUploadDropzoneProps = {
  dropzone: DropzoneState;
  /** The field's id: the file input is the control its label names. */
  inputId: string;
  /** The id of the size hint. */
  hintId: string;
  /** The ids of the texts that describe the input (hint, error, description). */
  describedBy: string;
  invalid: boolean;
  required?: boolean;
  disabled?: boolean;
  hasImage: boolean;
};

/** The picture field's drop zone: its file input, and the prompt with the size hint. */
export function ImageUploadDropzone({
  dropzone,
  inputId,
  hintId,
  describedBy,
  invalid,
  required,
  disabled,
  hasImage,
}: ImageUploadDropzoneProps) {
  const { t } = useTranslation();
  return (
    <div
      {...dropzone.getRootProps({ className: classes.dropzone })}
      data-accept={dropzone.isDragAccept || undefined}
      data-reject={dropzone.isDragReject || undefined}
      data-disabled={disabled || undefined}
    >
      <input
        {...dropzone.getInputProps({
          id: inputId,
          'aria-describedby': describedBy,
          'aria-invalid': invalid ? true : undefined,
          'aria-required': required || undefined,
        })}
      />
      <div className={classes.prompt}>
        <IconUpload size={28} aria-hidden className={classes.icon} />
        <Text size="sm" fw={500}>
          {hasImage ? t('imageUpload.replacePrompt') : t('imageUpload.prompt')}
        </Text>
        <Text id={hintId} size="xs" c="dimmed">
          {t('imageUpload.hint', { size: IMAGE_MAX_BYTES / 1024 / 1024 })}
        </Text>
      </div>
    </div>
  );
}
