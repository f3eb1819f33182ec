import type { FileRejection } from 'react-dropzone';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-handler';
import { IMAGE_MAX_BYTES, uploadImage } from '@/lib/upload-image';

type Local = { previewUrl: string; storedName: string | null };

type UploadStateOptions = {
  /** The field's current stored name. */
  storedName: string;
  onChange: (value: string) => void;
  onUploadingChange?: (isUploading: boolean) => void;
  thumb?: boolean;
};

/**
 * The picture field's upload: a local preview at once, the upload with its progress, and what
 * went wrong. The preview stands for the field while its upload runs and while the field still
 * holds the name the upload answered; a reset of the form elsewhere drops it.
 */
export function useImageUploadState({
  storedName,
  onChange,
  onUploadingChange,
  thumb,
}: UploadStateOptions) {
  const { t } = useTranslation();
  const abortRef = useRef<AbortController | null>(null);
  const [local, setLocal] = useState<Local | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isUploading = progress !== null;

  const previewUrl = local?.previewUrl;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const finish = () => {
    setProgress(null);
    onUploadingChange?.(false);
  };

  const start = (file: File) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setProblem(null);
    setProgress(0);
    onUploadingChange?.(true);
    setLocal({ previewUrl: URL.createObjectURL(file), storedName: null });
    uploadImage(file, { signal: controller.signal, thumb, onProgress: setProgress }).then(
      (name) => {
        if (controller.signal.aborted) return;
        setLocal((current) => current && { ...current, storedName: name });
        finish();
        onChange(name);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setLocal(null);
        finish();
        setProblem(errorMessage(failure));
      },
    );
  };

  const cancel = () => {
    abortRef.current?.abort();
    setLocal(null);
    finish();
  };

  const reject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((e) => e.code));
    if (codes.includes('file-too-large')) {
      setProblem(t('imageUpload.tooLarge', { size: IMAGE_MAX_BYTES / 1024 / 1024 }));
    } else if (codes.includes('too-many-files')) {
      setProblem(t('imageUpload.oneFile'));
    } else {
      setProblem(t('imageUpload.failed'));
    }
  };

  const clear = () => {
    setLocal(null);
    setProblem(null);
  };

  const showsLocal = local !== null && (isUploading || local.storedName === storedName);
  return {
    /** The local preview's URL while it stands for the field, else null. */
    localPreview: showsLocal ? local.previewUrl : null,
    progress,
    isUploading,
    problem,
    start,
    cancel,
    reject,
    clear,
  };
}
