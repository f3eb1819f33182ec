import { Input } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { isDummyImage, shopImageUrl, type DummyImage } from '@/lib/shop-images';
import { ImageUploadActions } from './image-upload-actions';
import { ImageUploadDropzone } from './image-upload-dropzone';
import { ImageUploadStatus } from './image-upload-status';
import classes from './image-upload.module.css';
import { useImageDropzone } from './use-image-dropzone';
import { useImageUploadState } from './use-image-upload-state';

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
  const dropzone = useImageDropzone({ onFile: upload.start, onReject: upload.reject, disabled });
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
          <ImageUploadDropzone
            dropzone={dropzone}
            inputId={inputId}
            hintId={hintId}
            describedBy={describedBy}
            invalid={Boolean(error)}
            required={required}
            disabled={disabled}
            hasImage={hasImage}
          />
          <ImageUploadStatus isUploading={isUploading} progress={progress} problem={problem} />
          <ImageUploadActions
            isUploading={isUploading}
            disabled={disabled}
            hasImage={hasImage}
            canRemove={canRemove}
            hintId={hintId}
            onCancel={upload.cancel}
            onChoose={dropzone.open}
            onRemove={() => {
              upload.clear();
              onChange(emptyValue);
            }}
          />
        </div>
      </div>
    </Input.Wrapper>
  );
}
