import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { AccessibilityStatement } from '@/components/accessibility/statement-screen';

/** The accessibility statement (issue 26), linked from every page's footer. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'accessibility', '/frontpage/accessibility');
}

export default async function Page({ params }: PageProps) {
  return <AccessibilityStatement params={await params} />;
}
