import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/**
 * Top loading bar on page changes, driven by React Router's navigation state.
 * Creeps towards 90% over about 5 s, completes at 100% and hides 500 ms after the page is ready.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => {
    if (busy) {
      setVisible(true);
      setProgress(10);
      timer.current = setInterval(() => {
        setProgress((p) => Math.min(90, p + (90 - p) * 0.08));
      }, 200);
      return () => {
        if (timer.current) clearInterval(timer.current);
      };
    }
    setProgress((p) => (p > 0 ? 100 : 0));
    const hide = setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, 500);
    return () => clearTimeout(hide);
  }, [busy]);

  return (
    <div
      className="addme-progress"
      role="progressbar"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      style={{ opacity: visible ? 1 : 0, transform: `scaleX(${progress / 100})` }}
    />
  );
}
