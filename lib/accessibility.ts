/** The day the accessibility statement (/frontpage/accessibility) was last reviewed against WCAG 2.1 AA: change it with each review. */
export const ACCESSIBILITY_REVIEWED = '2026-11-24';
