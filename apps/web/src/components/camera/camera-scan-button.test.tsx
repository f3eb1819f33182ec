import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CameraScanButton } from './camera-scan-button';

// jsdom has no video to read: the reader sees no code (the browser journey reads a real one).
vi.mock('./barcode-reader', () => ({ readQrCode: async () => null }));

const HINT = 'Hold the QR code on the receipt in front of the camera.';

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
  return navigator.mediaDevices.getUserMedia as ReturnType<typeof vi.fn>;
}

describe('the camera button', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('is absent where the browser offers no camera to the page', () => {
    renderWithProviders(
      <CameraScanButton label="Scan receipt with camera" hint={HINT} onCode={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Scan receipt with camera' })).toBeNull();
  });

  it('asks for the camera only when pressed, and says why it cannot use one', async () => {
    const ask = withCamera(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    renderWithProviders(
      <CameraScanButton label="Scan receipt with camera" hint={HINT} onCode={() => undefined} />,
    );
    expect(ask).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Scan receipt with camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan with the camera' });
    expect(dialog.textContent).toContain(HINT);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The camera may not be used: allow this page/,
    );
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('says when the device has no camera', async () => {
    withCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    renderWithProviders(
      <CameraScanButton label="Scan receipt with camera" hint={HINT} onCode={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Scan receipt with camera' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^No camera was found on this device/,
    );
  });
});
