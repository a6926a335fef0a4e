'use client';

import { forwardRef } from 'react';
import { fieldId } from './types';

type Props = { formId: string; title: string; text: string; errors: { name: string; message: string }[] };

/**
 * Shown when a submit fails (spec section 5): "Validation Error", the hint, and a link to
 * each invalid field. Announced as an alert.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, Props>(function ErrorSummary({ formId, title, text, errors }, ref) {
  if (!errors.length) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={`${formId}-summary-title`}>
      <h2 id={`${formId}-summary-title`}>{title}</h2>
      <p>{text}</p>
      <ul>
        {errors.map((e) => (
          <li key={e.name}>
            <a href={`#${fieldId(formId, e.name)}`}>{e.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
});
