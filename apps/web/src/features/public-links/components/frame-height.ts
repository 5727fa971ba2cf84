// Tells the page that embeds the start page how tall it is, so the embed snippet's script can size the iframe
// (docs/decisions/0092). Only the height is sent, to whichever page frames us: it says nothing about the visitor.
import { useEffect } from 'react';

export const FRAME_HEIGHT_MESSAGE = 'bq-start-height';

export function useFrameHeight(): void {
  useEffect(() => {
    if (typeof window === 'undefined' || window.parent === window || typeof ResizeObserver === 'undefined') return;
    const send = () => window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height: Math.ceil(document.documentElement.scrollHeight) }, '*');
    const observer = new ResizeObserver(send);
    observer.observe(document.body);
    send();
    return () => observer.disconnect();
  }, []);
}
