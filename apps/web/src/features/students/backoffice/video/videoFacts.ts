// What the browser can tell about a chosen video before it is uploaded: its length, and a frame to
// serve as the cover (drawn from a hidden <video> onto a canvas, as PNG).

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  /** A frame a little way in, or null when the browser cannot decode the file. */
  cover: File | null;
}

/** Where the cover frame is taken: a second in, or a third of a very short clip. */
export const coverTime = (duration: number) => (Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 3) : 0);

function once(target: EventTarget, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      clearTimeout(timer);
      resolve(ok);
    };
    const onEvent = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });
}

/** The facts of a chosen video, or null when this browser cannot decode it (never throws). */
export async function readVideoFacts(file: File, timeoutMs = 15_000): Promise<VideoFacts | null> {
  if (typeof URL.createObjectURL !== 'function' || typeof document === 'undefined') return null;
  try {
    return await readWithElement(file, timeoutMs);
  } catch {
    return null;
  }
}

async function readWithElement(file: File, timeoutMs: number): Promise<VideoFacts | null> {
  const video = document.createElement('video');
  // a type this browser cannot play would only time out
  if (file.type && !video.canPlayType(file.type)) return null;
  const url = URL.createObjectURL(file);
  video.preload = 'auto';
  video.muted = true;
  video.playsInline = true;
  try {
    video.src = url;
    if (!(await once(video, 'loadedmetadata', timeoutMs))) return null;
    let duration = video.duration;
    // some recorders leave the length out of the header: seeking far makes the browser find it
    if (!Number.isFinite(duration)) {
      video.currentTime = 1e7;
      await once(video, 'seeked', timeoutMs);
      duration = video.duration;
    }
    const facts: VideoFacts = { durationSeconds: Number.isFinite(duration) ? Math.round(duration) : 0, width: video.videoWidth, height: video.videoHeight, cover: null };
    video.currentTime = coverTime(duration);
    if (!(await once(video, 'seeked', timeoutMs)) || !video.videoWidth) return facts;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return facts;
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
    if (blob) facts.cover = new File([blob], `${file.name.replace(/\.[^.]+$/, '')}-cover.png`, { type: 'image/png' });
    return facts;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
