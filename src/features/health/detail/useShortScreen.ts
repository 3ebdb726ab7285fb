import { useEffect, useState } from 'react';

/** Windows lower than this many pixels show the chart in a Graph tab (spec 001 §2). */
export const SHORT_SCREEN_HEIGHT = 992;

function isShort(): boolean {
  return typeof window !== 'undefined' && window.innerHeight < SHORT_SCREEN_HEIGHT;
}

/** Whether the window is lower than `SHORT_SCREEN_HEIGHT`; follows resizes. */
export function useShortScreen(): boolean {
  const [short, setShort] = useState(isShort);
  useEffect(() => {
    const update = () => setShort(isShort());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return short;
}
