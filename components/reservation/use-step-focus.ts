'use client';

import { useEffect, useRef } from 'react';

/**
 * The heading that takes the focus when a form's step changes (not on the first render, where
 * the page's own focus order holds), so screen readers follow along. Pass the returned ref to the
 * shown step's `StepSection` (or `BotFailed`).
 */
export function useStepFocus(step: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  return headingRef;
}
