/** Contact addresses used by mailto links in the footer, the user menu and the pricing page. */
export const SUPPORT_EMAIL = 'support@mnemo.study';
export const FEEDBACK_EMAIL = 'feedback@mnemo.study';
export const SCHOOLS_EMAIL = 'schools@mnemo.study';

export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
