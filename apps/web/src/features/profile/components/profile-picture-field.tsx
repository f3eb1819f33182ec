import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@/components/image-upload';
import { DUMMY_IMAGES } from '@/lib/shop-images';

type ProfilePictureFieldProps = {
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: ReactNode;
  onUploadingChange: (isUploading: boolean) => void;
};

/**
 * The user's picture: the shared picture field with the default avatar (SPEC 9) while there is
 * none; a thumbnail is asked for, which the user menu shows.
 */
export function ProfilePictureField(props: ProfilePictureFieldProps) {
  const { t } = useTranslation();
  return (
    <ImageUpload
      {...props}
      label={t('profile.image')}
      alt={t('profile.imageAlt')}
      placeholder={DUMMY_IMAGES.avatar}
      emptyValue=""
      thumb
    />
  );
}
