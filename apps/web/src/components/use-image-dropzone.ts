import { useDropzone, type FileRejection } from 'react-dropzone';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@/lib/upload-image';

/** The picture types the server takes, as the file picker's filter. */
const ACCEPTED_TYPES = Object.fromEntries(IMAGE_MIME_TYPES.map((type) => [type, []]));

type ImageDropzoneOptions = {
  /** A picked or dropped file the server would take. */
  onFile: (file: File) => void;
  /** Files refused before any upload (wrong type, too large, more than one). */
  onReject: (rejections: FileRejection[]) => void;
  disabled?: boolean;
};

/** The picture field's drop zone and file picker: one picture, of a type and size the server takes. */
export function useImageDropzone({ onFile, onReject, disabled }: ImageDropzoneOptions) {
  return useDropzone({
    onDropAccepted: ([file]) => {
      if (file) onFile(file);
    },
    onDropRejected: onReject,
    accept: ACCEPTED_TYPES,
    maxSize: IMAGE_MAX_BYTES,
    multiple: false,
    disabled,
    // Keyboard users have the Choose / Replace button: the zone is for the mouse and for
    // dropping, so it holds no focusable control of its own.
    noKeyboard: true,
  });
}
