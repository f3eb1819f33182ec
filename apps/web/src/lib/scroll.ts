/** The go-to-top scroll takes 600 ms (SPEC 9). */
export const SCROLL_TO_TOP_MS = 600;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window to the top over `duration` ms (at once for people who ask for less motion). */
export function scrollToTop(duration: number = SCROLL_TO_TOP_MS): Promise<void> {
  const start = window.scrollY;
  if (start <= 0 || duration <= 0 || prefersReducedMotion()) {
    window.scrollTo(0, 0);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - startedAt) / duration);
      window.scrollTo(0, Math.round(start * (1 - easeInOutCubic(progress))));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
