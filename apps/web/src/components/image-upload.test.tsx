import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ImageUpload } from './image-upload';

/** A stand-in for the browser's XMLHttpRequest: the test decides how far the upload gets. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Field({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('promotion_dummy.jpg');
  return (
    <ImageUpload
      label="Image"
      placeholder="promotion_dummy.jpg"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      required
    />
  );
}

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'poster.png', { type: 'image/png' });

function pick(file: File) {
  const input = screen.getByLabelText(/^Image/, { selector: 'input' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ImageUpload', () => {
  beforeEach(() => {
    storeTestSession({ account_no: '100100' });
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows the placeholder until a picture is chosen', () => {
    renderWithProviders(<Field onChange={() => {}} />);
    expect(screen.getByRole('img', { name: 'No image chosen yet' })).toHaveProperty(
      'src',
      expect.stringContaining('/images/promotion_dummy.jpg'),
    );
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
  });

  it('uploads a picked file at once, shows its progress, then keeps the stored name', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    pick(png());

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/core-service/fileupload/temp');
    expect(xhr.headers['Authorization']).toBe('Bearer test-token');
    expect(xhr.body?.get('image0')).toBeInstanceOf(File);
    expect(xhr.body?.get('filerename')).toBe('true');
    expect(screen.getByRole('img', { name: 'Selected image' })).toHaveProperty(
      'src',
      'blob:preview',
    );

    act(() => xhr.progress(50, 100));
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();

    await act(async () =>
      xhr.answer(200, {
        status: 'success',
        message: 'OK',
        data: { image0: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.png' },
      }),
    );
    expect(onChange).toHaveBeenCalledWith('a1b2c3d4e5f60718293a4b5c6d7e8f90.png');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenLastCalledWith('promotion_dummy.jpg');
    expect(screen.getByRole('img', { name: 'No image chosen yet' })).toBeTruthy();
  });

  it('says the upload failed and keeps the previous value', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    pick(png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());

    await act(async () => FakeXhr.last!.answer(400, { status: 'error', message: '' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'File Upload Failed, Please check the allowed extensions for the files',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'No image chosen yet' })).toBeTruthy();
  });

  it('refuses a file that is too large before sending it', async () => {
    renderWithProviders(<Field onChange={() => {}} />);
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    pick(big);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The file is too large. The maximum size is 5 MB.',
    );
    expect(FakeXhr.last).toBeNull();
  });
});
