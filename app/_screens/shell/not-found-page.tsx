import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { NotFoundScreen } from './not-found-screen';

/** Throws notFound() where the server render can recover from it (see NotFoundPage). */
function NotFoundStatus(): never {
  notFound();
}

/**
 * "Page not found" with a 404, rendered on the server. A page that throws notFound() gets
 * an empty HTML body in a production build (vercel/next.js#62228: the not-found boundary
 * only renders in the browser). Rendering the screen in place, and throwing notFound()
 * inside a Suspense boundary, gives the 404 status with the text in the HTML; in the
 * browser the same screen then comes from not-found.tsx.
 */
export function NotFoundPage() {
  return (
    <>
      <NotFoundScreen />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}
