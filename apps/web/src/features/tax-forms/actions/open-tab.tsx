import { Anchor } from '@mantine/core';
import { notifySuccess } from '@/lib/notify';

/** A blocked pop-up leaves its link in a toast this long. */
const BLOCKED_TOAST_MS = 15_000;

type OpenTabTexts = {
  /** Says the browser blocked the new window. */
  blocked: string;
  /** The link the toast offers instead. */
  link: string;
};

/**
 * Shows `url` in a new tab: in `tab` when one was opened beforehand (still inside the click, so
 * pop-up blockers let it through), else in a tab opened now. When the browser blocks it, a toast
 * offers the link instead, so the document is never silently lost.
 */
export function showInNewTab(url: string, texts: OpenTabTexts, tab: Window | null = null): void {
  if (tab && !tab.closed) {
    tab.opener = null;
    tab.location.href = url;
    return;
  }
  const opened = window.open(url, '_blank');
  if (opened) {
    opened.opener = null;
    return;
  }
  notifySuccess(
    <>
      {texts.blocked}{' '}
      <Anchor href={url} target="_blank" rel="noopener">
        {texts.link}
      </Anchor>
    </>,
    { autoClose: BLOCKED_TOAST_MS },
  );
}
