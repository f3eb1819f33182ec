import { type RefObject, useEffect, useState } from 'react';

/** Why the camera shows nothing: each says what the clerk can do. */
export type CameraProblem = 'denied' | 'none' | 'failed';

/** The state of the camera: starting, showing, or a problem. */
export type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: CameraProblem };

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'failed';
}

/**
 * The back camera (or a laptop's webcam) shown in `video` while the component is mounted; the
 * browser asks for permission only now. Every track stops when the component goes.
 */
export function useCameraStream(video: RefObject<HTMLVideoElement | null>): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isGone = false;
    // The back camera, in full HD where it has it: a passport zone's characters need the pixels.
    const wanted = {
      facingMode: { ideal: 'environment' },
      width: { ideal: 1920 },
      height: { ideal: 1080 },
    };
    navigator.mediaDevices
      .getUserMedia({ video: wanted, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (isGone || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        setState({ kind: 'live' });
      })
      .catch((error: unknown) => {
        if (!isGone) setState({ kind: problemOf(error) });
      });
    return () => {
      isGone = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [video]);

  return state;
}
