import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { AccessibilityStatement } from '@/app/_screens/accessibility/statement-screen';

/** The accessibility statement (issue 26), linked from every page's footer. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'accessibility', '/frontpage/accessibility');
}

export default async function Page({ params }: PageProps) {
  return <AccessibilityStatement params={await params} />;
}
