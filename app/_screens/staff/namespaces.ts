import type { Namespace } from '@/lib/i18n/namespaces';

/** The service sheet and its booking cards (components/staff). */
export const sheetNamespaces = ['staffArea'] as const satisfies readonly Namespace[];
