import { jsonLdText, type JsonLd } from '@/lib/seo/json-ld';

/** The one place structured data is rendered (lib/seo/json-ld.ts builds it). */
export function JsonLdScript({ data }: { data: JsonLd }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
