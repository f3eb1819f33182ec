import { Button, Group, Input, Progress, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { isDummyImage, shopImageUrl, type DummyImage } from '@/lib/shop-images';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@/lib/upload-image';
import { IconPhoto, IconTrash, IconUpload, IconX } from './icons';
import classes from './image-upload.module.css';
import { useImageUploadState } from './use-image-upload-state';

/** The picture types the server takes, as the file picker's filter. */
const ACCEPTED_TYPES = Object.fromEntries(IMAGE_MIME_TYPES.map((type) => [type, []]));

/**
 * Props of the shared picture field (promotions, gallery, profile picture, shop logo).
 *
 * ```tsx
 * <Controller control={control} name="image" render={({ field, fieldState }) => (
 *   <ImageUpload
 *     label={t('promotions.fields.image')}
 *     placeholder={DUMMY_IMAGES.promotion}
 *     value={field.value}
 *     onChange={field.onChange}
 *     error={fieldError(fieldState.error)}
 *     onUploadingChange={setIsUploading}
 *     required
 *   />
 * )} />
 * ```
 *
 * A picked or dropped file is uploaded at once as a temporary file (SPEC 5 "Images"); when it is
 * in, `onChange` receives the stored name. Saving the entity with that name is what keeps it.
 */
export type ImageUploadProps = {
  /** The field's visible label. */
  label: ReactNode;
  /** The stored file name; '' or a placeholder name means "no picture". */
  value: string | null | undefined;
  /** The stored name after an upload, `emptyValue` after Remove. */
  onChange: (value: string) => void;
  /** The placeholder shown while there is no picture (SPEC 9's dummy images). */
  placeholder: DummyImage;
  /** What Remove sets; defaults to the placeholder's name (as SPEC 3 stores "no picture"). */
  emptyValue?: string;
  /** How a stored name becomes a URL; defaults to the session's /uploads/…/ushop/{name}. */
  srcOf?: (value: string) => string;
  /** The picture's text alternative; defaults to a generic "Selected image". */
  alt?: string;
  /** A (translated) validation message shown under the field. */
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Offer Remove (default true); a required picture may still be replaced. */
  canRemove?: boolean;
  /** Ask the server for a thumbnail too (SPEC 7 "thumb flag"). */
  thumb?: boolean;
  /** Told when an upload starts and ends, so a form can hold its Save meanwhile. */
  onUploadingChange?: (isUploading: boolean) => void;
};

export function ImageUpload({
  label,
  value,
  onChange,
  placeholder,
  emptyValue = placeholder,
  srcOf,
  alt,
  error,
  description,
  required,
  disabled,
  canRemove = true,
  thumb,
  onUploadingChange,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const session = useSession();
  const inputId = useId();
  const hintId = useId();
  const storedName = value?.trim() ?? '';
  const upload = useImageUploadState({ storedName, onChange, onUploadingChange, thumb });
  const { localPreview, progress, isUploading, problem } = upload;
  const dropzone = useDropzone({
    onDropAccepted: ([file]) => {
      if (file) upload.start(file);
    },
    onDropRejected: upload.reject,
    accept: ACCEPTED_TYPES,
    maxSize: IMAGE_MAX_BYTES,
    multiple: false,
    disabled,
    // Keyboard users have the Choose / Replace button: the zone is for the mouse and for
    // dropping, so it holds no focusable control of its own.
    noKeyboard: true,
  });
  // The wrapper names its error and description `${id}-error` and `${id}-description`.
  const describedBy = [hintId, error && `${inputId}-error`, description && `${inputId}-description`]
    .filter(Boolean)
    .join(' ');

  const hasImage =
    localPreview !== null || (storedName !== emptyValue && !isDummyImage(storedName));
  const src =
    localPreview ??
    (srcOf && hasImage
      ? srcOf(storedName)
      : shopImageUrl(session, hasImage ? storedName : '', placeholder));

  return (
    <Input.Wrapper
      id={inputId}
      label={label}
      required={required}
      description={description}
      error={error}
    >
      <div className={classes.field}>
        <img
          className={classes.preview}
          src={src}
          alt={hasImage ? (alt ?? t('imageUpload.preview')) : t('imageUpload.empty')}
        />
        <div className={classes.controls}>
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
                'aria-invalid': error ? true : undefined,
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

          <Group gap="xs">
            {isUploading ? (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={upload.cancel}
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
                    onClick={dropzone.open}
                  >
                    {hasImage ? t('imageUpload.replace') : t('imageUpload.choose')}
                  </Button>
                  {hasImage && canRemove && (
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => {
                        upload.clear();
                        onChange(emptyValue);
                      }}
                    >
                      {t('imageUpload.remove')}
                    </Button>
                  )}
                </>
              )
            )}
          </Group>
        </div>
      </div>
    </Input.Wrapper>
  );
}
