import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPhoto, IconTrash, IconX } from './icons';

type ImageUploadActionsProps = {
  isUploading: boolean;
  disabled?: boolean;
  hasImage: boolean;
  /** Offer Remove while there is a picture. */
  canRemove: boolean;
  /** The id of the size hint, which also describes Choose / Replace. */
  hintId: string;
  onCancel: () => void;
  onChoose: () => void;
  onRemove: () => void;
};

/** The picture field's buttons: Cancel while uploading, else Choose / Replace and Remove. */
export function ImageUploadActions({
  isUploading,
  disabled,
  hasImage,
  canRemove,
  hintId,
  onCancel,
  onChoose,
  onRemove,
}: ImageUploadActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {isUploading ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onCancel}
        >
          {t('imageUpload.cancel')}
        </Button>
      ) : (
        !disabled && (
          <>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} aria-hidden />}
              aria-describedby={hintId}
              onClick={onChoose}
            >
              {hasImage ? t('imageUpload.replace') : t('imageUpload.choose')}
            </Button>
            {hasImage && canRemove && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={onRemove}
              >
                {t('imageUpload.remove')}
              </Button>
            )}
          </>
        )
      )}
    </Group>
  );
}
