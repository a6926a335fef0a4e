import type { ReactNode, Ref } from 'react';

/**
 * One step of a booking form: a section named by its heading, which takes the focus when the
 * step changes (`useStepFocus` gives the ref; the form hands it to the step shown), so screen readers follow along.
 */
export function StepSection({ id, title, headingRef, children }: { id: string; title: ReactNode; headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
