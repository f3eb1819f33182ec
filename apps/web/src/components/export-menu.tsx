import { Button, Group, Menu, Progress, Text } from '@mantine/core';
import type { ExportFormat } from '@taxfree/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconX,
} from '@/components/icons';
import { useMay } from '@/hooks/use-session';
import { downloadFile, formatBytes, saveFile, type DownloadProgress } from '@/lib/download-file';
import { handleError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';

/** Progress is shown at most this often: a fast download reads hundreds of pieces a second. */
const PROGRESS_EVERY_MS = 100;

type ExportMenuProps = {
  /** The export call, under the retailer API (`/companies/…/taxforms/export`). */
  path: string;
  /** What the screen shows (search, filter, period): the file holds the same. */
  query: Record<string, string | undefined>;
  /** The file's name (without extension) when the answer names none. */
  fallbackName: string;
  disabled?: boolean;
  /** The button's size, as its neighbours'. */
  size?: 'sm' | 'md';
};

/**
 * "Export" with CSV and Excel: downloads the file through the API with the session's token,
 * shows how much has arrived (and how much is left when the size is known), can be cancelled,
 * and saves the file when it is complete.
 */
export function ExportMenu({ path, query, fallbackName, disabled, size = 'sm' }: ExportMenuProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops a download nobody will save.
  useEffect(() => () => running.current?.abort(), []);
  // Exports are a manager's (the server refuses them to a clerk).
  const mayExport = useMay('exports');

  async function start(format: ExportFormat) {
    const controller = new AbortController();
    running.current = controller;
    let shownAt = 0;
    let latest: DownloadProgress = { received: 0, total: null };
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      trailing = undefined;
      shownAt = performance.now();
      setProgress(latest);
    };
    setProgress(latest);
    try {
      const file = await downloadFile(path, {
        query: { ...query, format },
        signal: controller.signal,
        fallbackName: `${fallbackName}.${format}`,
        onProgress: (next) => {
          latest = next;
          const wait = PROGRESS_EVERY_MS - (performance.now() - shownAt);
          if (wait <= 0) show();
          // A stream that pauses still shows what it last brought.
          else trailing ??= setTimeout(show, wait);
        },
      });
      saveFile(file.blob, file.name);
      notifySuccess(t('download.saved', { name: file.name }));
    } catch (error) {
      if (!controller.signal.aborted) handleError(error);
    } finally {
      clearTimeout(trailing);
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  }

  const received = progress ? formatBytes(progress.received, i18n.language) : '';
  const percent = progress?.total
    ? Math.min(100, Math.round((progress.received / progress.total) * 100))
    : null;

  if (!mayExport) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size={size}
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            disabled={disabled || progress !== null}
          >
            {t('download.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            onClick={() => void start('csv')}
          >
            {t('download.csv')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() => void start('xlsx')}
          >
            {t('download.xlsx')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {progress && (
        <div role="status" style={{ minWidth: '10rem' }}>
          <Text size="xs">
            {percent === null
              ? t('download.preparing', { size: received })
              : t('download.progress', { size: received, percent })}
          </Text>
          <Progress
            size="sm"
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            aria-label={t('download.progressLabel')}
          />
        </div>
      )}
      {progress && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => running.current?.abort()}
        >
          {t('download.cancel')}
        </Button>
      )}
    </Group>
  );
}
