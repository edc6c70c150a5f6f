import { useEffect, useRef } from 'react';
import type { Processing } from './use-vote-actions';

/** A processed vote replaces its section's controls; focus then returns there, unless the share pop-up opened. */
export function useFocusAfterProcessing(processing: Processing, sharing: boolean) {
  const pending = useRef<Processing>(null);
  const heardHeading = useRef<HTMLHeadingElement>(null);
  const rateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (processing) {
      pending.current = processing;
      return;
    }
    if (sharing || !pending.current) return;
    if (pending.current === 'mention') heardHeading.current?.focus();
    else rateButton.current?.focus();
    pending.current = null;
  }, [processing, sharing]);
  return { heardHeading, rateButton };
}
